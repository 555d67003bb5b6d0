import { existsSync, rmSync } from 'node:fs'
import { openAsBlob } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../config'
import { createBackup } from '../platform/backup/backup'
import { installedSecretsKeyIds } from '../platform/backup/manifest'
import { requestSnapshot } from '../platform/backup/snapshot-request'
import { DataDirLockedError, dataDirHolder, lockDataDir } from '../platform/db/data-dir-lock'
import { createDb } from '../platform/db/knex'

/**
 * `npm run backup [-- --out <file or folder>]`: the whole installation in one `.tar.gz` (decision 0210):
 * the database, the uploaded files and a manifest with every table's row count and checksum.
 * PostgreSQL (DATABASE_URL): pg_dump's snapshot while the server serves. PGlite (DATA_DIR): asks the
 * serving server for a snapshot (its requests wait while it is taken), or, with none running, reads
 * the data directory itself.
 */
const usage = 'usage: npm run backup [-- --out <file.tar.gz or folder>]'

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-')

const main = async () => {
  // npm runs workspace scripts inside apps/server; paths mean where npm was run, as for `npm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
  const args = process.argv.slice(2)
  let out: string | undefined
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out' && args[i + 1]) out = args[++i]
    else if (args[i].startsWith('--out=')) out = args[i].slice(6)
    else throw new Error(`${usage}\nunknown argument: ${args[i]}`)
  }
  const config = loadConfig(process.env)
  const dialect = config.databaseUrl ? 'postgres' : 'pglite'
  const name = `emporia-${dialect}-${stamp()}.tar.gz`
  const file = path.resolve(
    !out
      ? path.join('backups', name)
      : out.endsWith('/') || (existsSync(out) && !out.endsWith('.gz'))
        ? path.join(out, name)
        : out
  )
  if (existsSync(file)) throw new Error(`${file} exists already: name another file`)
  const progress = (line: string) => console.log(line)
  const secretsKeyId = installedSecretsKeyIds(config)[0]

  if (config.databaseUrl) {
    await createBackup({ out: file, dataDir: config.dataDir, databaseUrl: config.databaseUrl, secretsKeyId, progress })
    return
  }
  if (!existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION')))
    throw new Error(`There is no Emporia database in ${config.dataDir} (DATA_DIR): nothing to back up`)
  const holder = dataDirHolder(config.dataDir)
  if (holder) {
    progress(
      `The server (pid ${holder}) is serving ${config.dataDir}: asking it for a snapshot (requests wait while it is taken)…`
    )
    const snapshot = await requestSnapshot(config.dataDir, holder)
    try {
      await createBackup({
        out: file,
        dataDir: config.dataDir,
        snapshot: () => openAsBlob(snapshot),
        snapshotKind: 'server',
        secretsKeyId,
        progress
      })
    } finally {
      rmSync(snapshot, { force: true })
    }
    return
  }
  // No server: this process holds the lock while it reads the database, so none starts meanwhile.
  const unlock = lockDataDir(config.dataDir)
  try {
    const db = await createDb({ dataDir: config.dataDir })
    try {
      await createBackup({
        out: file,
        dataDir: config.dataDir,
        snapshot: () => db.dump!('none'),
        snapshotKind: 'offline',
        secretsKeyId,
        progress
      })
    } finally {
      await db.close()
    }
  } finally {
    unlock()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError || error instanceof Error ? `Backup failed: ${error.message}` : error)
  process.exit(1)
})
