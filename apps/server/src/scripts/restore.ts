import path from 'node:path'
import { loadConfig } from '../config'
import { installedSecretsKeyIds } from '../platform/backup/manifest'
import { describeRestore, restoreBackup } from '../platform/backup/restore'
import { lockDataDir } from '../platform/db/data-dir-lock'

/**
 * `npm run restore -- <backup.tar.gz> [--force]`: restores a backup of `npm run backup` into this
 * installation (DATABASE_URL, or DATA_DIR's embedded database) and its uploaded files, then counts and
 * checksums every table against the backup's manifest (decision 0210). A backup of either engine restores
 * into either: a PGlite backup into PostgreSQL moves an installation off the embedded database (0217).
 * Refuses a target that holds data unless `--force`; exits 1 on any mismatch. The server must be stopped
 * (PGlite: DATA_DIR is locked).
 */
const usage = 'usage: npm run restore -- <backup.tar.gz> [--force]'

const main = async () => {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
  const args = process.argv.slice(2)
  const force = args.includes('--force')
  const files = args.filter((arg) => arg !== '--force')
  if (files.length !== 1 || files[0].startsWith('--')) throw new Error(usage)
  const config = loadConfig(process.env)
  // With PGlite the server must not run; with PostgreSQL the target must be a database no server uses yet.
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir)
  try {
    const report = await restoreBackup({
      archive: path.resolve(files[0]),
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      force,
      secretsKeyIds: installedSecretsKeyIds(config),
      progress: (line) => console.log(line)
    })
    for (const line of describeRestore(report)) console.log(line)
    if (!report.ok) process.exitCode = 1
    else console.log('Start the server as usual: it applies any migration newer than the backup.')
  } finally {
    unlock()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Restore failed: ${error.message}` : error)
  process.exit(1)
})
