import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createDb, type Db } from '../../src/db/knex'
import { migrate } from '../../src/db/migrate'

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

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export const freshDb = async (dialect: DialectName, options: { poolMax?: number } = {}): Promise<Db & { url?: string }> => {
  if (dialect === 'pglite') {
    const db = await createDb({ dataDir: 'memory://' })
    await migrate(db.knex)
    return db
  }
  const name = `emporia_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = POSTGRES_ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`)
  const db = await createDb({ databaseUrl: url, dataDir: 'unused', poolMax: options.poolMax })
  await migrate(db.knex)
  return {
    ...db,
    url,
    close: async () => {
      await db.close()
      const drop = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
      await drop.connect()
      await drop.query(`drop database if exists ${name} with (force)`)
      await drop.end()
    }
  }
}
