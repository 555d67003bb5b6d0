import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { createDb, type Db } from '../../src/platform/db/knex'
import { migrate } from '../../src/platform/db/migrate'

/** The PostgreSQL server tests use; CI starts the machine's own on 127.0.0.1:5432. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

let reachable: Promise<boolean> | undefined
export const postgresReachable = () =>
  (reachable ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 })
    try {
      await client.connect()
      await client.end()
      return true
    } catch {
      return false
    }
  })())

export type DialectName = 'pglite' | 'postgres'

/**
 * The databases every data test runs on. PostgreSQL is required under CI (REQUIRE_POSTGRES=1),
 * so a stopped server fails the run instead of silently skipping half the suite.
 */
export const dialects = async (): Promise<DialectName[]> => {
  if (await postgresReachable()) return ['pglite', 'postgres']
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}`)
  console.warn(`PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}: running on PGlite only`)
  return ['pglite']
}

/*
 * Every test database starts from one migrated copy instead of running initdb and the migrations again
 * (decision 0093): PGlite from a data-directory dump made once per worker (~1 s instead of ~4 s), and
 * PostgreSQL from a template database (CREATE DATABASE … TEMPLATE) made once per migration set. Tables
 * are made from the shared schemas, so the template's name hashes the migrations and the shared sources:
 * a change to either makes a new template, and a worktree with other code never uses this one.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const sourcesHash = () => {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) hash.update(full).update(readFileSync(full))
    }
  }
  walk(path.join(root, 'apps/server/src/platform/db'))
  walk(path.join(root, 'packages/shared/src'))
  return hash.digest('hex').slice(0, 16)
}

let pgliteDump: Promise<Blob> | undefined
/** The migrated PGlite dump: on disk, so the test files of a run (each its own module world) share it. */
const migratedPglite = () =>
  (pgliteDump ??= (async () => {
    const file = path.join(tmpdir(), `emporia-test-pglite-${sourcesHash()}.tar`)
    if (existsSync(file)) return new Blob([readFileSync(file)])
    const db = await createDb({ dataDir: 'memory://' })
    try {
      await migrate(db.knex)
      const dump = await db.dump!()
      // Written aside and renamed: another worker never reads half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, file)
      return dump
    } finally {
      await db.close()
    }
  })())

const admin = async <T>(run: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}
const urlOf = (name: string) => POSTGRES_ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`)

let postgresTemplate: Promise<string> | undefined
/** The migrated template's name; built under an advisory lock, so parallel workers build it once. */
const migratedTemplate = () =>
  (postgresTemplate ??= admin(async (client) => {
    const name = `emporia_tpl_${sourcesHash()}`
    await client.query('select pg_advisory_lock(hashtext($1))', [name])
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [name])
      if (found.rowCount) return name
      // Built under another name and renamed when whole: a run killed half-way leaves no half template.
      const building = `${name}_${randomBytes(4).toString('hex')}`
      await client.query(`create database ${building}`)
      const db = await createDb({ databaseUrl: urlOf(building), dataDir: 'unused', poolMax: 2 })
      try {
        await migrate(db.knex)
      } finally {
        await db.close()
      }
      await client.query(`alter database ${building} rename to ${name}`)
      return name
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name])
    }
  }))

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export const freshDb = async (
  dialect: DialectName,
  options: { poolMax?: number; pgliteWorker?: boolean; pgliteWaitMs?: number } = {}
): Promise<Db & { url?: string }> => {
  if (dialect === 'pglite') {
    // In-thread unless asked: the worker path has its own suites (docs/decisions/0104);
    // TEST_PGLITE_WORKER=1 runs every PGlite test on the worker, as `npm start` runs.
    const worker = options.pgliteWorker ?? process.env.TEST_PGLITE_WORKER === '1'
    const db = await createDb({
      dataDir: 'memory://',
      initialData: await migratedPglite(),
      worker,
      waitMs: options.pgliteWaitMs
    })
    await migrate(db.knex) // nothing to do: it only checks the dump is current
    return db
  }
  const template = await migratedTemplate()
  const name = `emporia_test_${randomBytes(6).toString('hex')}`
  await admin((client) => client.query(`create database ${name} template ${template}`))
  const url = urlOf(name)
  const db = await createDb({ databaseUrl: url, dataDir: 'unused', poolMax: options.poolMax })
  await migrate(db.knex)
  return {
    ...db,
    url,
    close: async () => {
      await db.close()
      await admin((client) => client.query(`drop database if exists ${name} with (force)`))
    }
  }
}
