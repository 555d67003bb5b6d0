import { execFile, spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream } from 'node:stream/web'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import pg from 'pg'
import { createDb, pgliteVersion } from '../db/knex'
import { tableChecksums, type RunQuery, type TableChecksum } from '../db/table-checksums'
import { ArchiveWriter, type ArchivedFile } from './archive'
import { MANIFEST, PGLITE_DATABASE, POSTGRES_DATABASE, UPLOAD_FOLDERS, emporiaVersion, type BackupManifest } from './manifest'

const run = promisify(execFile)

export type Progress = (line: string) => void

export interface BackupOptions {
  /** The archive to write (`.tar.gz`); written beside as `.partial` and renamed when whole. */
  out: string
  /** DATA_DIR: where the uploaded files are. */
  dataDir: string
  /** PostgreSQL: the database to dump. */
  databaseUrl?: string
  /** PGlite: a consistent snapshot of the data directory (Db.dump, or the serving server's answer). */
  snapshot?: () => Promise<Blob>
  /** How the PGlite snapshot was taken, for the manifest. */
  snapshotKind?: 'server' | 'offline'
  secretsKeyId?: string
  progress?: Progress
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Inside one transaction: the migration level, as knex_migrations records it. */
const migrationLevel = async (query: RunQuery) => {
  const rows = await query(`select name from knex_migrations order by id`)
  return { count: rows.length, last: rows.length ? String(rows[rows.length - 1].name) : null }
}

/** The checksums' progress: one line per tenth of the tables, so a long run says where it is. */
const tableProgress = (progress: Progress) => (sum: TableChecksum, index: number, total: number) => {
  const step = Math.max(1, Math.floor(total / 10))
  if ((index + 1) % step === 0 || index + 1 === total) progress(`  checksums: ${index + 1}/${total} tables (${sum.table})`)
}

interface DatabaseSnapshot {
  file: string
  name: string
  tables: TableChecksum[]
  migrations: BackupManifest['migrations']
  engine: BackupManifest['engine']
}

/**
 * PGlite: the snapshot is the data directory as one tar, taken between two statements (decision
 * 0210). The checksums are read from that very snapshot, opened in memory: what is recorded is what
 * the archive holds, and a snapshot that does not open fails the backup here, not at a restore.
 */
const snapshotPglite = async (work: string, snapshot: () => Promise<Blob>, progress: Progress): Promise<DatabaseSnapshot> => {
  progress('Taking the database snapshot…')
  const blob = await snapshot()
  const file = path.join(work, 'pgdata.tar')
  await pipeline(Readable.fromWeb(blob.stream() as ReadableStream), createWriteStream(file))
  progress(`  snapshot: ${megabytes(blob.size)}; opening it to count and checksum every table…`)
  const copy = await createDb({ dataDir: 'memory://', initialData: blob })
  try {
    const { tables, migrations } = await copy.knex.transaction(async (trx) => {
      const query: RunQuery = async (sql) => ((await trx.raw(sql)) as { rows: Record<string, unknown>[] }).rows
      return { migrations: await migrationLevel(query), tables: await tableChecksums(query, tableProgress(progress)) }
    })
    return { file, name: PGLITE_DATABASE, tables, migrations, engine: { pglite: pgliteVersion } }
  } finally {
    await copy.close()
  }
}

/**
 * How pg_dump and pg_restore are told the database: the address without its password, which goes in
 * PGPASSWORD instead, so other users of the machine do not read it in the process list.
 */
export const toolConnection = (databaseUrl: string) => {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return {
    dbname: `--dbname=${url.toString()}`,
    env: password ? { ...process.env, PGPASSWORD: password } : process.env
  }
}

/** Runs a client program, its error output in the error when it fails. */
export const runTool = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} was not found: install the PostgreSQL client programs (e.g. apt install postgresql-client)`)
          : error
      )
    )
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${errors.trim()}`))
    )
  })

export const toolVersion = async (command: string) => {
  try {
    return (await run(command, ['--version'])).stdout.trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`${command} was not found: install the PostgreSQL client programs (e.g. apt install postgresql-client)`)
    throw error
  }
}

/**
 * PostgreSQL: one repeatable-read transaction exports its snapshot; pg_dump dumps exactly that
 * snapshot (`--snapshot`) while the checksums are read in the transaction itself, so the dump and
 * the manifest describe the same instant while the server keeps serving.
 */
const snapshotPostgres = async (work: string, databaseUrl: string, progress: Progress): Promise<DatabaseSnapshot> => {
  const pgDump = await toolVersion('pg_dump')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const query: RunQuery = async (sql) => (await client.query(sql)).rows as Record<string, unknown>[]
    const [{ server_version: postgres }] = await query('show server_version')
    await query('begin isolation level repeatable read read only')
    const [{ snapshot }] = await query('select pg_export_snapshot() as snapshot')
    const file = path.join(work, 'emporia.pgdump')
    progress(`Dumping the database with ${pgDump} (server ${String(postgres)}) while counting and checksumming every table…`)
    const connection = toolConnection(databaseUrl)
    const dumped = runTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${String(snapshot)}`, `--file=${file}`, connection.dbname],
      connection.env
    )
    // Settled either way before the transaction ends: pg_dump needs the exported snapshot until it has begun.
    const read = (async () => ({
      migrations: await migrationLevel(query),
      tables: await tableChecksums(query, tableProgress(progress))
    }))()
    const [dumpResult, readResult] = await Promise.allSettled([dumped, read])
    await query('commit')
    if (dumpResult.status === 'rejected') throw dumpResult.reason
    if (readResult.status === 'rejected') throw readResult.reason
    progress(`  dump: ${megabytes((await stat(file)).size)}`)
    return {
      file,
      name: POSTGRES_DATABASE,
      ...readResult.value,
      engine: { postgres: String(postgres), pgDump }
    }
  } finally {
    await client.end()
  }
}

/** Every uploaded file under DATA_DIR's upload folders (their `tmp` left out), as archive names. */
const uploadedFiles = async (dataDir: string): Promise<string[]> => {
  const found: string[] = []
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(dataDir, relative), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw error
    })
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const name = `${relative}/${entry.name}`
      if (entry.isDirectory()) await walk(name)
      else if (entry.isFile()) found.push(name)
    }
  }
  for (const folder of UPLOAD_FOLDERS) {
    const entries = await readdir(path.join(dataDir, folder), { withFileTypes: true }).catch(() => [])
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name)))
      if (entry.isDirectory() && entry.name !== 'tmp') await walk(`${folder}/${entry.name}`)
  }
  return found
}

/**
 * One archive of the whole installation (decision 0210): the database snapshot, every uploaded file,
 * and `manifest.json` with the version, time, migration level, and every table's row count and checksum.
 * The database is taken first: a file uploaded meanwhile may be in the archive without its record
 * (harmless), and a file deleted after the snapshot is missing from it (told, and left out).
 */
export const createBackup = async (options: BackupOptions): Promise<BackupManifest> => {
  const progress = options.progress ?? (() => undefined)
  const started = Date.now()
  await mkdir(path.dirname(options.out), { recursive: true })
  // Beside the archive: the dump may be as large as the database, and the archive's disk is the one with room.
  const work = await mkdtemp(path.join(path.dirname(options.out), '.emporia-backup-'))
  const partial = `${options.out}.partial`
  try {
    let database: DatabaseSnapshot
    if (options.databaseUrl) database = await snapshotPostgres(work, options.databaseUrl, progress)
    else if (options.snapshot) database = await snapshotPglite(work, options.snapshot, progress)
    else throw new Error('createBackup needs a DATABASE_URL or a PGlite snapshot')
    const rows = database.tables.reduce((sum, table) => sum + table.rows, 0)
    progress(
      `  ${database.tables.length} tables, ${rows} rows, migration level ${database.migrations.count} (${database.migrations.last})`
    )

    const archive = new ArchiveWriter(partial)
    let closed = false
    try {
      progress(`Writing ${options.out}…`)
      const databaseFile = await archive.addFile(database.name, database.file)
      await rm(database.file)
      const names = await uploadedFiles(options.dataDir)
      progress(`Adding ${names.length} uploaded file(s)…`)
      const files: ArchivedFile[] = []
      let bytes = 0
      let told = Date.now()
      for (const name of names) {
        const file = await archive.addFile(name, path.join(options.dataDir, name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error
          progress(`  ${name} was deleted while the backup ran: left out`)
          return undefined
        })
        if (!file) continue
        files.push(file)
        bytes += file.bytes
        if (Date.now() - told > 2000) {
          told = Date.now()
          progress(`  ${files.length}/${names.length} files, ${megabytes(bytes)}`)
        }
      }
      const manifest: BackupManifest = {
        format: 'emporia-backup',
        formatVersion: 1,
        emporia: emporiaVersion(),
        createdAt: new Date(started).toISOString(),
        dialect: options.databaseUrl ? 'postgres' : 'pglite',
        snapshot: options.databaseUrl ? 'pg_dump' : (options.snapshotKind ?? 'offline'),
        engine: database.engine,
        migrations: database.migrations,
        database: databaseFile,
        tables: database.tables,
        files,
        ...(options.secretsKeyId ? { secretsKeyId: options.secretsKeyId } : {})
      }
      await archive.addBuffer(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`))
      await archive.close()
      closed = true
      await rename(partial, options.out)
      const size = (await stat(options.out)).size
      progress(
        `Backup written: ${options.out} (${megabytes(size)}; database ${megabytes(databaseFile.bytes)}, ` +
          `${files.length} files ${megabytes(bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`
      )
      return manifest
    } finally {
      if (!closed) {
        await archive.close().catch(() => undefined)
        await rm(partial, { force: true })
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
