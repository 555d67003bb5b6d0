import path from 'node:path'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import knexFactory, { type Knex } from 'knex'
import pg from 'pg'
import type { PGlite } from '@electric-sql/pglite'
import ClientPGLite from 'knex-pglite'
import { PgliteWorkerHost } from './pglite-host'
import { pgliteSessionsClient } from './pglite-sessions'
import { startFromTemplate } from './pglite-template'
import { INT8, NUMERIC, TIMESTAMP, TIMESTAMPTZ, openPglite, toIso } from './pglite-open'

export type Dialect = 'postgres' | 'pglite'

export interface Db {
  knex: Knex
  dialect: Dialect
  close: () => Promise<void>
  /** PGlite only: the data directory as a tarball, which `initialData` can start another database from. */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>
}

// Timestamps travel as ISO strings and 64-bit integers (counts, cents) as numbers: both drivers
// must agree, or the same record would look different on PGlite and on PostgreSQL (pglite-open.ts).
pg.types.setTypeParser(INT8, (value) => Number(value))
pg.types.setTypeParser(NUMERIC, (value) => Number(value))
pg.types.setTypeParser(TIMESTAMPTZ, toIso)
pg.types.setTypeParser(TIMESTAMP, toIso)

export interface DbOptions {
  databaseUrl?: string
  /** PGlite's directory; `memory://` keeps the database in memory (tests). */
  dataDir: string
  /** Upper bound of PostgreSQL connections of this process. */
  poolMax?: number
  /** Directory holding the build's migrated template of a data directory (pglite-template.ts). */
  templateDir?: string
  /** PGlite only: start from this data directory dump (tests start each database from one migrated dump). */
  initialData?: Blob
  /**
   * Longest one statement may run, in ms (0: no limit); default 30 s. A longer one is cancelled (503;
   * docs/decisions/0068). PGlite cannot interrupt a statement itself: in a worker on a data directory,
   * one past the limit stops the worker, which is started again (decision 0212); in the server's
   * thread or in memory nothing stops it, and the query compiler's limits are the defence.
   */
  statementTimeoutMs?: number
  /**
   * PGlite only: run the database in a worker thread, off the event loop (docs/decisions/0104).
   * The server turns it on (PGLITE_WORKER, default on); tests open PGlite in their own thread.
   * A number sets how many sessions of the worker knex's pool holds (true: 8; 1 = one connection).
   */
  worker?: boolean | number
  /**
   * PGlite only: how long a caller waits for its one connection before the 503 "busy, please retry", in
   * ms (default 20 s). A test that queues a hundred transactions on purpose gives them more.
   */
  waitMs?: number
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000

// The package does not export its package.json; it sits one folder above the entry point.
const pgliteManifest = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
  '../package.json'
)
export const pgliteVersion = (JSON.parse(readFileSync(pgliteManifest, 'utf8')) as { version: string }).version

/**
 * A PGlite query runs synchronously and resolves through promises only, so queued queries would
 * run back to back without the event loop ever accepting a connection or reading a request: some
 * callers got nothing for 10 s while others were served 20 times (docs/benchmarks.md). Yielding
 * before each query lets I/O in between, so the queue is served in arrival order.
 */
const yielding = (pglite: PGlite) => {
  const query = pglite.query.bind(pglite)
  pglite.query = (async (...args: Parameters<typeof query>) => {
    await new Promise((resolve) => setImmediate(resolve))
    return query(...args)
  }) as typeof pglite.query
  return pglite
}

const PGLITE_ACQUIRE_TIMEOUT_MS = 20_000
/** Sessions of the PGlite worker in knex's pool: enough that a statement always waits in the worker. */
const WORKER_SESSIONS = 8

export const createDb = async (options: DbOptions): Promise<Db> => {
  if (options.databaseUrl) {
    // A startup parameter of every pooled connection: it holds through the walled transactions'
    // `set_config('role', …, true)`, and migrations lift it for their own transactions (migrate.ts).
    const timeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS
    const knex = knexFactory({
      client: 'pg',
      connection: { connectionString: options.databaseUrl, ...(timeout > 0 ? { statement_timeout: timeout } : {}) },
      pool: { min: 0, max: options.poolMax ?? 10 },
      acquireConnectionTimeout: 30_000
    })
    await knex.raw('select 1')
    return { knex, dialect: 'postgres', close: () => knex.destroy() }
  }
  const memory = options.dataDir.startsWith('memory://')
  const pgdata = memory ? 'memory://' : path.join(options.dataDir, 'pgdata')
  // A new directory starts from the build's migrated template, when it fits (pglite-template.ts).
  const fresh = !memory && !options.initialData && !existsSync(path.join(pgdata, 'PG_VERSION'))
  if (fresh && options.templateDir) await startFromTemplate(pgdata, options.templateDir, pgliteVersion)
  if (!memory) mkdirSync(pgdata, { recursive: true })
  const loadDataDir = options.initialData
  // In a worker the event loop is never blocked by a query, so no yield is needed there.
  const sessions = options.worker === true ? WORKER_SESSIONS : options.worker || 0
  const pglite = sessions
    ? await PgliteWorkerHost.open(pgdata, {
        loadDataDir,
        maxWaitMs: options.waitMs ?? PGLITE_ACQUIRE_TIMEOUT_MS,
        statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS
      })
    : yielding(await openPglite(pgdata, loadDataDir))
  // PGlite has one connection: in-thread, knex-pglite pins the pool at one, so concurrent callers
  // queue in the pool instead of failing; in a worker, the pool's sessions share it (pglite-sessions.ts).
  // The acquire timeout bounds how long a caller waits in that queue (then 503, "busy, please retry").
  // knex-pglite's client and its connection are typed as its own, not as the Knex internals they are.
  const knex = knexFactory({
    client: (sessions ? pgliteSessionsClient(sessions) : ClientPGLite) as unknown as typeof knexFactory.Client,
    connection: () => ({ pglite }) as unknown as Knex.StaticConnectionConfig,
    acquireConnectionTimeout: options.waitMs ?? PGLITE_ACQUIRE_TIMEOUT_MS
  })
  await knex.raw('select 1')
  return {
    knex,
    dialect: 'pglite',
    dump: (compression = 'none') => pglite.dumpDataDir(compression),
    close: async () => {
      await knex.destroy()
      if (!pglite.closed) await pglite.close()
    }
  }
}
