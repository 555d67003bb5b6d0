import pg from 'pg'
import { ensureDataset, type RunSql, type SeedReport } from './seed'

/** The machine's PostgreSQL (trust auth); BENCH_POSTGRES_URL points elsewhere. */
export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
/** BENCH_DB names another database (a branch whose migrations differ from main's keeps its own). */
export const BENCH_DB = process.env.BENCH_DB ?? 'emporia_bench'
export const BENCH_URL = ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${BENCH_DB}$1`)

/** Runs `use` with a client of the given database and always releases it. */
export const withClient = async <T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

export const runner =
  (client: pg.Client): RunSql =>
  async (sql) =>
    (await client.query(sql)).rows as Record<string, unknown>[]

/** A dedicated database, kept between runs so that a rerun does not pay for seeding again. */
export const ensurePostgresDataset = async (log: (line: string) => void): Promise<SeedReport> => {
  await withClient(ADMIN_URL, async (admin) => {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB])
    if (!rowCount) await admin.query(`create database ${BENCH_DB}`)
  })
  return withClient(BENCH_URL, (client) => ensureDataset(runner(client), log))
}

export const postgresVersion = () =>
  withClient(ADMIN_URL, async (client) => String((await client.query('show server_version')).rows[0].server_version))
