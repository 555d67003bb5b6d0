import { ADMIN_URL, withClient } from './postgres'

/** The URL of database `name` on the bench's PostgreSQL. */
export const databaseUrl = (name: string) => ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`)

/** A database of its own, made afresh each run: every run starts from the same empty state. */
export const freshDatabase = (name: string) =>
  withClient(ADMIN_URL, async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
  })

export const dropDatabase = (name: string) =>
  withClient(ADMIN_URL, (admin) => admin.query(`drop database if exists ${name} with (force)`)).catch(() => undefined)

/** One row of a query on database `name`. */
export const statRow = (name: string, sql: string, params: unknown[] = []) =>
  withClient(databaseUrl(name), async (db) => (await db.query(sql, params)).rows[0] as Record<string, string | number | null>)

/** Deadlocks PostgreSQL counted in database `name` (statistics are flushed about once a second). */
export const deadlocks = async (name: string) => {
  await new Promise((resolve) => setTimeout(resolve, 1500))
  return Number((await statRow(name, 'select deadlocks from pg_stat_database where datname = $1', [name])).deadlocks)
}
