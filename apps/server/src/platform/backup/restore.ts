import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { createDb, pgliteVersion } from '../db/knex'
import { migrations as knownMigrations } from '../db/migrations/index'
import { unpack } from '../db/pglite-template'
import {
  RowsDoNotFit,
  loadIntoPostgres,
  migrateTo,
  migrationsUpTo,
  pgDumpRows,
  pgliteFromRows,
  pgliteRows,
  type PortableRows
} from './convert'
import { ensureScopedRole } from '../tenancy'
import {
  compareChecksums,
  tableChecksums,
  type ChecksumDifference,
  type RunQuery,
  type TableChecksum
} from '../db/table-checksums'
import { extractArchive, type ArchivedFile } from './archive'
import { megabytes, runTool, toolConnection, toolVersion, type Progress } from './backup'
import { MANIFEST, PGLITE_DATABASE, POSTGRES_DATABASE, UPLOAD_FOLDERS, type BackupManifest } from './manifest'

export class RestoreRefused extends Error {}

export interface RestoreOptions {
  archive: string
  /** DATA_DIR of the installation restored into: PGlite's `pgdata` and the uploaded files go here. */
  dataDir: string
  /** PostgreSQL: the (empty) database restored into. */
  databaseUrl?: string
  /** Restore over a target that holds data: PGlite's data and files are moved aside, PostgreSQL's schemas dropped. */
  force?: boolean
  /** The key ids this installation opens sealed values with (manifest.ts installedSecretsKeyIds). */
  secretsKeyIds?: string[]
  progress?: Progress
}

export interface RestoreReport {
  ok: boolean
  manifest: BackupManifest
  tables: TableChecksum[]
  differences: ChecksumDifference[]
  files: number
  /** Where a forced restore moved the data it replaced (PGlite). */
  setAside?: string
  warnings: string[]
}

const hasEntries = async (folder: string, ignore: string[] = []) =>
  (await readdir(folder).catch(() => [] as string[])).some((name) => !ignore.includes(name))

/** What in DATA_DIR a restore would replace: PGlite's database and the uploaded files. */
const targetContents = async (dataDir: string, pglite: boolean) => {
  const found: string[] = []
  if (pglite && existsSync(path.join(dataDir, 'pgdata'))) found.push('pgdata')
  for (const folder of UPLOAD_FOLDERS) if (await hasEntries(path.join(dataDir, folder), ['tmp'])) found.push(folder)
  return found
}

/** The schemas and tables a PostgreSQL database holds beyond PostgreSQL's own. */
const postgresContents = async (client: pg.Client) => {
  const { rows } = await client.query<{ schema: string; tables: number }>(`
    select n.nspname as schema, count(c.oid)::int as tables
    from pg_namespace n left join pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'S')
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg\\_temp%'
      and n.nspname not like 'pg\\_toast\\_temp%'
    group by n.nspname`)
  return rows.filter((row) => row.schema !== 'public' || row.tables > 0)
}

const engineName = (dialect: BackupManifest['dialect']) =>
  dialect === 'postgres' ? 'PostgreSQL' : 'the embedded database (PGlite)'

const checkManifest = (manifest: BackupManifest, postgres: boolean) => {
  if (manifest.format !== 'emporia-backup' || manifest.formatVersion !== 1)
    throw new RestoreRefused('Not an Emporia backup this version can read (manifest.json has another format)')
  if (!['postgres', 'pglite'].includes(manifest.dialect))
    throw new RestoreRefused(`Not an Emporia backup this version can read (its database is "${String(manifest.dialect)}")`)
  const unknown = manifest.migrations.last !== null && !(manifest.migrations.last in knownMigrations)
  if (unknown)
    throw new RestoreRefused(
      `The backup is at migration ${manifest.migrations.last}, which this Emporia does not know: ` +
        `restore it with Emporia ${manifest.emporia} or newer`
    )
  // Across engines the schema is made by this code's migrations up to the backup's level: they must be the backup's.
  const across = postgres !== (manifest.dialect === 'postgres')
  if (across && migrationsUpTo(manifest.migrations.last).length !== manifest.migrations.count)
    throw new RestoreRefused(
      `The backup ran ${manifest.migrations.count} migrations up to ${manifest.migrations.last}, and this Emporia has ` +
        `${migrationsUpTo(manifest.migrations.last).length} up to it: to restore it into ${engineName(postgres ? 'postgres' : 'pglite')}, ` +
        `use Emporia ${manifest.emporia}`
    )
}

/** Every table of a PostgreSQL database emptied out again: what a failed restore across engines leaves. */
const dropSchemas = async (client: pg.Client) => {
  for (const { schema } of await postgresContents(client))
    await client.query(`drop schema "${schema.replace(/"/g, '""')}" cascade`)
  await client.query('create schema if not exists public')
}

/** Every archived file must be the one the manifest lists, byte for byte; and nothing else. */
const checkFiles = (manifest: BackupManifest, extracted: ArchivedFile[]) => {
  const found = new Map(extracted.map((file) => [file.name, file]))
  const problems: string[] = []
  for (const file of [manifest.database, ...manifest.files]) {
    const other = found.get(file.name)
    found.delete(file.name)
    if (!other) problems.push(`${file.name}: missing from the archive`)
    else if (other.sha256 !== file.sha256 || other.bytes !== file.bytes)
      problems.push(`${file.name}: its bytes differ from the manifest`)
  }
  found.delete(MANIFEST)
  for (const name of found.keys()) problems.push(`${name}: in the archive but not in its manifest`)
  if (problems.length) throw new Error(`The backup is damaged:\n  ${problems.slice(0, 20).join('\n  ')}`)
}

/**
 * pg_restore, in one transaction, over a listing without what only a superuser may do (an extension's
 * comment). Owners and grants are left out (`--no-owner --no-acl`): the tables belong to the restoring
 * account, and the row-security role's grants are made again afterwards (ensureScopedRole), whatever
 * the accounts of the installation the backup came from were called.
 */
const pgRestore = async (dump: string, databaseUrl: string, work: string) => {
  const list = path.join(work, 'restore.list')
  const listing = await new Promise<string>((resolve, reject) => {
    const child = spawn('pg_restore', ['--list', dump], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let errors = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`pg_restore --list failed: ${errors.trim()}`))))
  })
  await writeFile(
    list,
    listing
      .split('\n')
      .filter((line) => !/ COMMENT - EXTENSION /.test(line))
      .join('\n')
  )
  const connection = toolConnection(databaseUrl)
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', `--use-list=${list}`, connection.dbname, dump],
    connection.env
  ).catch((error: Error) => {
    throw new Error(`${error.message}\nNothing was restored (pg_restore runs in one transaction).`)
  })
}

/** The restored database's checksums, read the way the backup read them. */
const checksumsOf = async (
  open: () => Promise<{ query: RunQuery; close: () => Promise<void> }>,
  progress: Progress
): Promise<TableChecksum[]> => {
  const { query, close } = await open()
  try {
    await query('begin isolation level repeatable read')
    const tables = await tableChecksums(query, (sum, index, total) => {
      const step = Math.max(1, Math.floor(total / 10))
      if ((index + 1) % step === 0 || index + 1 === total) progress(`  verified ${index + 1}/${total} tables`)
    })
    await query('rollback')
    return tables
  } finally {
    await close()
  }
}

/**
 * Restores a backup made by createBackup into this installation (decision 0210): refuses a target
 * that holds data unless forced, checks the manifest and every archived file's bytes, restores the
 * database and the uploaded files, then counts and checksums every table again and compares with the
 * manifest. The report says what differs; `ok` is false if anything does.
 */
export const restoreBackup = async (options: RestoreOptions): Promise<RestoreReport> => {
  const progress = options.progress ?? (() => undefined)
  const postgres = Boolean(options.databaseUrl)
  if (!existsSync(options.archive)) throw new RestoreRefused(`No such backup: ${options.archive}`)
  const warnings: string[] = []

  // 1. The target: empty, or --force.
  const existing = await targetContents(options.dataDir, !postgres)
  let client: pg.Client | undefined
  if (postgres) {
    await toolVersion('pg_restore')
    client = new pg.Client({ connectionString: options.databaseUrl })
    await client.connect()
  }
  try {
    const schemas = client ? await postgresContents(client) : []
    if (schemas.length) existing.push(`database schemas ${schemas.map((row) => row.schema).join(', ')}`)
    if (existing.length && !options.force)
      throw new RestoreRefused(
        `The target is not empty (${existing.join(', ')} in ${postgres ? 'the database / ' : ''}${options.dataDir}): ` +
          'restore into an empty one, or pass --force to replace what is there'
      )

    // 2. Unpack beside the target and check every byte against the manifest before touching anything.
    await mkdir(options.dataDir, { recursive: true })
    const work = path.join(options.dataDir, `.restore-${process.pid}`)
    await rm(work, { recursive: true, force: true })
    try {
      progress(`Unpacking ${options.archive}…`)
      let told = Date.now()
      let bytes = 0
      const extracted = await extractArchive(options.archive, work, (file) => {
        bytes += file.bytes
        if (Date.now() - told > 2000) {
          told = Date.now()
          progress(`  ${megabytes(bytes)} unpacked`)
        }
      })
      if (!existsSync(path.join(work, MANIFEST)))
        throw new RestoreRefused('Not an Emporia backup: the archive has no manifest.json')
      const manifest = JSON.parse(await readFile(path.join(work, MANIFEST), 'utf8')) as BackupManifest
      checkManifest(manifest, postgres)
      checkFiles(manifest, extracted)
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0)
      progress(
        `Backup of ${manifest.createdAt} (Emporia ${manifest.emporia}, ${manifest.dialect}, migration ${manifest.migrations.last}): ` +
          `${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files; every file's bytes match its manifest`
      )
      if (manifest.engine.pglite && !postgres && manifest.engine.pglite !== pgliteVersion)
        warnings.push(`The backup was made by PGlite ${manifest.engine.pglite}; this Emporia runs ${pgliteVersion}`)

      // 2b. Across engines (decision 0217): the backup's rows, table by table, still beside the target.
      const across = postgres !== (manifest.dialect === 'postgres')
      let rowsToLoad: PortableRows | undefined
      if (across) {
        if (manifest.dialect === 'postgres') await toolVersion('pg_restore')
        if (postgres) await toolVersion('psql')
        progress(
          `Restoring a backup of ${engineName(manifest.dialect)} into ${engineName(postgres ? 'postgres' : 'pglite')}: ` +
            'reading its rows table by table…'
        )
        rowsToLoad =
          manifest.dialect === 'pglite'
            ? await pgliteRows(path.join(work, PGLITE_DATABASE), path.join(work, 'rows'))
            : await pgDumpRows(path.join(work, POSTGRES_DATABASE), path.join(work, 'rows'))
        progress(`  ${rowsToLoad.tables.length} tables, ${rowsToLoad.sequences.length} sequences read`)
      }
      const doNotFit = (error: unknown) =>
        error instanceof RowsDoNotFit
          ? new RestoreRefused(
              `The backup's rows do not fit the schema this Emporia's migrations make at ${manifest.migrations.last} ` +
                `(${error.message}); nothing was restored: use Emporia ${manifest.emporia}`
            )
          : error

      // 3. What is there is moved aside (PGlite, files) or dropped (PostgreSQL, with --force only).
      let setAside: string | undefined
      if (existing.length) {
        const local = await targetContents(options.dataDir, !postgres)
        if (local.length) {
          setAside = path.join(options.dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`)
          await mkdir(setAside)
          for (const name of local) await rename(path.join(options.dataDir, name), path.join(setAside, name))
          progress(`--force: what was in ${options.dataDir} (${local.join(', ')}) is now in ${setAside}`)
        }
        if (client && schemas.length) {
          for (const { schema } of schemas) await client.query(`drop schema "${schema.replace(/"/g, '""')}" cascade`)
          await client.query('create schema if not exists public')
          progress(`--force: dropped the database's schemas ${schemas.map((row) => row.schema).join(', ')}`)
        }
      }

      // 4. The database.
      if (postgres && rowsToLoad) {
        progress(
          `Making the schema with this Emporia's migrations up to ${manifest.migrations.last}, then loading the rows (one transaction)…`
        )
        const db = await createDb({
          databaseUrl: options.databaseUrl,
          dataDir: options.dataDir,
          poolMax: 1,
          statementTimeoutMs: 0
        })
        try {
          await migrateTo(db.knex, manifest.migrations.last)
          const run: RunQuery = async (sql) => (await client!.query(sql)).rows as Record<string, unknown>[]
          await loadIntoPostgres(options.databaseUrl!, run, rowsToLoad, work)
          if (!(await ensureScopedRole(db.knex)))
            warnings.push('This database account cannot create the row-security role: the second tenancy wall is off')
        } catch (error) {
          // What the migrations made goes too: the database is as empty as it was found.
          await dropSchemas(client!).catch(() => undefined)
          throw doNotFit(error)
        } finally {
          await db.close()
        }
      } else if (rowsToLoad) {
        progress(`Making a new database with this Emporia's migrations up to ${manifest.migrations.last}, then loading the rows…`)
        const pgdata = path.join(options.dataDir, 'pgdata')
        const partial = `${pgdata}.partial-${process.pid}`
        await rm(partial, { recursive: true, force: true })
        try {
          await pgliteFromRows(partial, manifest.migrations.last, rowsToLoad)
        } catch (error) {
          await rm(partial, { recursive: true, force: true })
          throw doNotFit(error)
        }
        await rename(partial, pgdata)
      } else if (postgres) {
        progress('Restoring the database with pg_restore (one transaction)…')
        await pgRestore(path.join(work, POSTGRES_DATABASE), options.databaseUrl!, work)
        // The row-security role and its grants, as the migrations made them (a new cluster has no such role yet).
        const db = await createDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, poolMax: 1 })
        try {
          if (!(await ensureScopedRole(db.knex)))
            warnings.push('This database account cannot create the row-security role: the second tenancy wall is off')
        } finally {
          await db.close()
        }
      } else {
        progress('Restoring the database files…')
        const pgdata = path.join(options.dataDir, 'pgdata')
        const partial = `${pgdata}.partial-${process.pid}`
        await rm(partial, { recursive: true, force: true })
        await unpack(path.join(work, PGLITE_DATABASE), partial)
        await rename(partial, pgdata)
      }

      // 5. The uploaded files.
      for (const folder of UPLOAD_FOLDERS) {
        if (!existsSync(path.join(work, folder))) continue
        await rm(path.join(options.dataDir, folder), { recursive: true, force: true })
        await rename(path.join(work, folder), path.join(options.dataDir, folder))
      }
      progress(`Restored ${manifest.files.length} uploaded file(s)`)

      // 6. Every table again, against the manifest.
      progress('Counting and checksumming every restored table…')
      const tables = await checksumsOf(async () => {
        if (postgres) {
          const verify = new pg.Client({ connectionString: options.databaseUrl })
          await verify.connect()
          return { query: async (sql) => (await verify.query(sql)).rows as Record<string, unknown>[], close: () => verify.end() }
        }
        const db = await createDb({ dataDir: options.dataDir })
        const connection = await db.knex.client.acquireConnection()
        return {
          query: async (sql) => ((await db.knex.raw(sql).connection(connection)) as { rows: Record<string, unknown>[] }).rows,
          close: async () => {
            await db.knex.client.releaseConnection(connection)
            await db.close()
          }
        }
      }, progress)
      const differences = compareChecksums(manifest.tables, tables)

      if (manifest.secretsKeyId && options.secretsKeyIds && !options.secretsKeyIds.includes(manifest.secretsKeyId))
        warnings.push(
          `Shops' stored credentials were sealed with secrets key ${manifest.secretsKeyId}, which this installation ` +
            'does not hold: give it the same SECRETS_KEY (or copy DATA_DIR/secrets-key) before starting the server, ' +
            'or merchants must enter their keys again'
        )
      return { ok: differences.length === 0, manifest, tables, differences, files: manifest.files.length, setAside, warnings }
    } finally {
      await rm(work, { recursive: true, force: true })
    }
  } finally {
    await client?.end()
  }
}

/** The report's text: every table that differs, or the totals that agree. */
export const describeRestore = (report: RestoreReport): string[] => {
  const lines = report.warnings.map((warning) => `Warning: ${warning}`)
  if (report.ok) {
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0)
    lines.push(
      `Verified: all ${report.tables.length} tables (${rows} rows) have the row count and checksum the manifest records; ` +
        `${report.files} uploaded file(s) restored byte for byte.`
    )
    return lines
  }
  lines.push(`MISMATCH: ${report.differences.length} table(s) differ from the backup's manifest:`)
  for (const { table, expected, found } of report.differences) {
    const was = expected ? `${expected.rows} rows ${expected.checksum.slice(0, 8)}` : 'not in the backup'
    const is = found ? `${found.rows} rows ${found.checksum.slice(0, 8)}` : 'missing'
    lines.push(`  ${table}: backup ${was}, restored ${is}`)
  }
  return lines
}
