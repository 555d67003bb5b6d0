import { spawn } from 'node:child_process'
import { createWriteStream, openAsBlob, type WriteStream } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { once } from 'node:events'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import type { ReadableStream } from 'node:stream/web'
import { pipeline } from 'node:stream/promises'
import knexFactory, { type Knex } from 'knex'
import ClientPGLite from 'knex-pglite'
import type { PGlite } from '@electric-sql/pglite'
import { migrations as knownMigrations } from '../db/migrations/index'
import { openPglite } from '../db/pglite-open'
import { listTables, type RunQuery } from '../db/table-checksums'
import { runTool, toolConnection } from './backup'

/**
 * Restore across engines (decision 0217): a PGlite backup into PostgreSQL, a PostgreSQL one into
 * PGlite. The archive keeps its engine's own form (PGlite's data directory, pg_dump's custom dump);
 * the restore turns it into rows, table by table, in PostgreSQL's COPY text format, which both
 * engines read and write alike. The target's schema is not copied: this Emporia's migrations make it,
 * up to exactly the backup's migration level, on the target's own engine, and the rows go into it.
 */

/** One table's rows: `copy` is COPY's target (`public.orders (id, shop, "createdAt")`), `file` its data. */
export interface TableRows {
  copy: string
  file: string
}

/** Every table's rows, and the statements that set every sequence as the backup had it. */
export interface PortableRows {
  tables: TableRows[]
  sequences: string[]
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/** Writes a line, waiting when the file's buffer is full. */
const writeLine = async (out: WriteStream, line: string) => {
  if (!out.write(`${line}\n`)) await once(out, 'drain')
}

const closeFile = (out: WriteStream) =>
  new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())))

/**
 * A PGlite backup's rows: its data directory is opened in memory (as the backup checksummed it), and
 * every table is written out with `COPY … TO '/dev/blob'`, its stored columns named (a generated
 * column is made again by the target).
 */
export const pgliteRows = async (dataDirTar: string, work: string): Promise<PortableRows> => {
  await mkdir(work, { recursive: true })
  const source = await openPglite('memory://', await openAsBlob(dataDirTar))
  try {
    const run: RunQuery = async (sql) => (await source.query<Record<string, unknown>>(sql)).rows
    const tables: TableRows[] = []
    for (const [index, table] of (await listTables(run)).entries()) {
      const dot = table.indexOf('.')
      const name = `${quote(table.slice(0, dot))}.${quote(table.slice(dot + 1))}`
      const columns = await run(`
        select attname from pg_catalog.pg_attribute
        where attrelid = ${literal(name)}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`)
      const copy = `${name} (${columns.map((column) => quote(String(column.attname))).join(', ')})`
      const result = await source.query(`copy ${copy} to '/dev/blob'`)
      const file = path.join(work, `${index}.copy`)
      if (result.blob) await pipeline(Readable.fromWeb(result.blob.stream() as ReadableStream), createWriteStream(file))
      else await writeFile(file, '')
      tables.push({ copy, file })
    }
    const sequences: string[] = []
    for (const row of await run(`
      select format('%I.%I', schemaname, sequencename) as name from pg_catalog.pg_sequences
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`)) {
      const name = String(row.name)
      const [state] = await run(`select last_value, is_called from ${name}`)
      sequences.push(
        `select pg_catalog.setval(${literal(name)}, ${String(state.last_value)}, ${state.is_called ? 'true' : 'false'})`
      )
    }
    return { tables, sequences }
  } finally {
    await source.close()
  }
}

/**
 * A PostgreSQL backup's rows, without a server: `pg_restore --data-only` writes the custom dump's
 * data as a script, whose COPY blocks are split into one file per table (a COPY text row is one line:
 * its newlines are escaped) and whose `setval` lines are kept. Nothing else of the script is run.
 */
export const pgDumpRows = async (dump: string, work: string): Promise<PortableRows> => {
  await mkdir(work, { recursive: true })
  const child = spawn('pg_restore', ['--data-only', '--file=-', dump], { stdio: ['ignore', 'pipe', 'pipe'] })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  exited.catch(() => undefined)
  const tables: TableRows[] = []
  const sequences: string[] = []
  let current: WriteStream | undefined
  try {
    for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
      if (current) {
        if (line === '\\.') {
          await closeFile(current)
          current = undefined
        } else await writeLine(current, line)
        continue
      }
      const copy = /^COPY (.+) FROM stdin;$/.exec(line)
      if (copy) {
        const file = path.join(work, `${tables.length}.copy`)
        tables.push({ copy: copy[1], file })
        current = createWriteStream(file)
        await once(current, 'open')
      } else if (/^SELECT pg_catalog\.setval\(/.test(line)) sequences.push(line.replace(/;$/, ''))
    }
  } catch (error) {
    child.kill()
    throw error
  } finally {
    if (current) await closeFile(current)
  }
  const code = await exited
  if (code !== 0) throw new Error(`pg_restore could not read the backup's database dump (exit ${code}): ${errors.trim()}`)
  return { tables, sequences }
}

/**
 * This Emporia's migrations up to and including `last`, the backup's level; their count is what the
 * backup's manifest must say, or its history is not this code's (restore.ts checks before anything).
 */
export const migrationsUpTo = (last: string | null) =>
  last === null
    ? []
    : Object.keys(knownMigrations)
        .sort()
        .filter((name) => name <= last)

/** Runs those migrations on `knex`, as migrate.ts runs them all at a server's start. */
export const migrateTo = async (knex: Knex, last: string | null) => {
  const names = migrationsUpTo(last)
  await knex.migrate.latest({
    migrationSource: {
      getMigrations: async () => names,
      getMigrationName: (name: string) => name,
      getMigration: async (name: string) => knownMigrations[name]
    }
  })
}

/**
 * What loading needs around the rows, read on the migrated target: every table is emptied (the
 * migrations' own rows give way to the backup's), foreign keys are dropped and made again after
 * (their check then covers every row), and the user triggers (an audit log that refuses change, a
 * rule that rewrites a row) are off while the rows go in and on again after. No superuser is needed:
 * the restoring account owns what its migrations made.
 */
export const loadFrame = async (run: RunQuery) => {
  const tables = await listTables(run)
  const keys = await run(`
    select format('%I.%I', n.nspname, c.relname) as tbl, con.conname as name, pg_catalog.pg_get_constraintdef(con.oid) as def
    from pg_catalog.pg_constraint con join pg_catalog.pg_class c on c.oid = con.conrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where con.contype = 'f' and con.conparentid = 0 and n.nspname not in ('pg_catalog', 'information_schema')
    order by 1, 2`)
  const triggers = await run(`
    select format('%I.%I', n.nspname, c.relname) as tbl, t.tgname as name
    from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and t.tgenabled <> 'D' and t.tgparentid = 0
      and n.nspname not in ('pg_catalog', 'information_schema')
    order by 1, 2`)
  const before = [
    `set local client_min_messages = warning`,
    ...triggers.map((row) => `alter table ${String(row.tbl)} disable trigger ${quote(String(row.name))}`),
    ...keys.map((row) => `alter table ${String(row.tbl)} drop constraint ${quote(String(row.name))}`),
    ...(tables.length ? [`truncate table ${tables.map((table) => table.split('.').map(quote).join('.')).join(', ')}`] : [])
  ]
  const after = [
    ...keys.map((row) => `alter table ${String(row.tbl)} add constraint ${quote(String(row.name))} ${String(row.def)}`),
    ...triggers.map((row) => `alter table ${String(row.tbl)} enable trigger ${quote(String(row.name))}`)
  ]
  return { before, after }
}

/** Thrown when the rows do not go into the schema this Emporia made at the backup's level. */
export class RowsDoNotFit extends Error {}

/**
 * Into PostgreSQL: one psql script in one transaction (`\copy` reads each table's file on this
 * machine), so the rows go in whole or not at all.
 */
export const loadIntoPostgres = async (databaseUrl: string, run: RunQuery, rows: PortableRows, work: string) => {
  const { before, after } = await loadFrame(run)
  const lines = [
    `set client_encoding = 'UTF8';`,
    `set standard_conforming_strings = on;`,
    `set statement_timeout = 0;`,
    ...before.map((sql) => `${sql};`)
  ]
  for (const table of rows.tables) {
    if (table.file.includes("'")) throw new Error(`Cannot restore from a folder whose name holds a quote: ${table.file}`)
    lines.push(`\\copy ${table.copy} from '${table.file}'`)
  }
  lines.push(...rows.sequences.map((sql) => `${sql};`), ...after.map((sql) => `${sql};`))
  const script = path.join(work, 'load.sql')
  await writeFile(script, `${lines.join('\n')}\n`, { mode: 0o600 })
  const connection = toolConnection(databaseUrl)
  await runTool(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', script, connection.dbname],
    connection.env
  ).catch((error: Error) => {
    throw new RowsDoNotFit(error.message)
  })
}

/** Into PGlite: the same frame and rows in one transaction, each table's file read as COPY's blob. */
export const loadIntoPglite = async (pglite: PGlite, rows: PortableRows) => {
  const run: RunQuery = async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows
  const { before, after } = await loadFrame(run)
  await pglite.query('begin')
  try {
    for (const sql of before) await pglite.query(sql)
    for (const table of rows.tables)
      await pglite
        .query(`copy ${table.copy} from '/dev/blob'`, [], { blob: await openAsBlob(table.file) })
        .catch((error: Error) => {
          throw new RowsDoNotFit(`${table.copy}: ${error.message}`)
        })
    for (const sql of [...rows.sequences, ...after])
      await pglite.query(sql).catch((error: Error) => {
        throw new RowsDoNotFit(`${sql}: ${error.message}`)
      })
    await pglite.query('commit')
  } catch (error) {
    await pglite.query('rollback').catch(() => undefined)
    throw error
  }
}

/**
 * A new PGlite data directory at `pgdata`: made by initdb (no template: the schema must be the
 * backup's level, not this build's), migrated to `last`, and loaded with the rows.
 */
export const pgliteFromRows = async (pgdata: string, last: string | null, rows: PortableRows) => {
  await mkdir(pgdata, { recursive: true })
  const pglite = await openPglite(pgdata)
  // knex-pglite closes the database when knex is destroyed: the rows go in first.
  const knex = knexFactory({
    client: ClientPGLite as unknown as typeof knexFactory.Client,
    connection: () => ({ pglite }) as unknown as Knex.StaticConnectionConfig
  })
  try {
    await migrateTo(knex, last)
    await loadIntoPglite(pglite, rows)
  } finally {
    await knex.destroy()
    if (!pglite.closed) await pglite.close()
  }
}
