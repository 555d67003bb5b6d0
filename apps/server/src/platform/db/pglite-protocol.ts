/**
 * The messages between the server's thread and the PGlite worker (pglite-host.ts, pglite-worker.ts;
 * docs/decisions/0104). Everything crosses by structured clone, so only data travels: extensions are
 * set up inside the worker (pglite-open.ts). A `query` is answered with PostgreSQL's wire bytes
 * (pglite-wire.ts), moved rather than cloned, and parsed on the server's thread (pglite-wire-read.ts).
 */

/** What the worker is started with (`workerData`). */
export interface WorkerStart {
  dataDir: string
  /** Longest a call waits while another session's transaction holds the backend (then SQLSTATE 53300, a 503). */
  maxWaitMs: number
  /** A data directory dump to start from (tests, the build's template), moved, not copied. */
  loadDataDir?: ArrayBuffer
  /** STATEMENT_TIMEOUT_MS: the longest one call may run unless its session lifts it (0: none; decision 0212). */
  statementTimeoutMs: number
  /** What the worker is doing, for the host's watchdog (`RunningState`); shared, not copied. */
  state: SharedArrayBuffer
}

/**
 * The slots of the worker's shared state (Int32), which the host reads without a message while the worker
 * is held in a statement (decision 0212): the call running (0: none), its session and its limit in ms,
 * the session whose transaction holds the backend (0: none), how many answers the worker has sent, and
 * the host's word that the worker is being stopped (1: start no other call).
 */
export const RunningState = { call: 0, session: 1, limitMs: 2, owner: 3, replies: 4, stopping: 5, slots: 6 } as const

/** PostgreSQL's `set [local|session] statement_timeout = …` / `to …`, and `reset statement_timeout`. */
const SET_TIMEOUT =
  /^\s*(?:set\s+(local\s+|session\s+)?statement_timeout\s*(?:=|\bto\b)\s*(.+?)|reset\s+statement_timeout)\s*;?\s*$/i
const UNITS: Record<string, number> = { '': 1, ms: 1, s: 1000, min: 60_000, h: 3_600_000 }

/**
 * A statement that sets the statement timeout, read as PostgreSQL reads it: `local` for the transaction,
 * else for the session; `default` (and `reset`) back to the server's. Anything else: undefined.
 */
export const statementTimeoutSet = (sql: string): { local: boolean; ms: number | 'default' } | undefined => {
  const match = SET_TIMEOUT.exec(sql)
  if (!match) return undefined
  const local = /local/i.test(match[1] ?? '')
  const text = (match[2] ?? 'default')
    .replace(/^'(.*)'$/, '$1')
    .trim()
    .toLowerCase()
  if (text === 'default') return { local, ms: 'default' }
  const value = /^(\d+)\s*(ms|s|min|h)?$/.exec(text)
  return value ? { local, ms: Number(value[1]) * UNITS[value[2] ?? ''] } : undefined
}

/** What the worker tells once open: the array types PGlite made parsers for (pglite-wire-read.ts). */
export interface Ready {
  arrayTypes: [number, number][]
}

/** The query options that are data (PGlite's others are functions, which cannot cross). */
export interface CloneableQueryOptions {
  rowMode?: 'array' | 'object'
  paramTypes?: number[]
}

/**
 * `session`: which of the host's connections sent it (knex's pool hands them out). All sessions share
 * PGlite's one backend; the worker only keeps a transaction to the session that began it.
 */
export type Request =
  | { id: number; session: number; op: 'query'; sql: string; params?: unknown[]; options?: CloneableQueryOptions }
  | { id: number; session: number; op: 'exec'; sql: string; options?: CloneableQueryOptions }
  | { id: number; session: number; op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { id: number; session: number; op: 'close' }

/** An error as data: the message and every field PostgreSQL reported (SQLSTATE `code`, `constraint`, …). */
export interface ErrorData {
  message: string
  name: string
  stack?: string
  fields: Record<string, unknown>
}

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorData }

/** Sent once the database is open (id 0), or with `ok: false` when it could not be. */
export const READY_ID = 0

export const errorToData = (error: unknown): ErrorData => {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} }
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue
    fields[key] = typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value
  }
  return { message: error.message, name: error.name, stack: error.stack, fields }
}

/**
 * Rebuilds the error on the server's side with the same fields, so pg-errors.ts maps a unique
 * violation or a bad regex from the worker exactly as one raised in-thread.
 */
export const errorFromData = (data: ErrorData): Error => {
  const error = new Error(data.message)
  Object.assign(error, data.fields)
  Object.defineProperty(error, 'name', { value: data.name, configurable: true, writable: true })
  // The worker's stack says where PostgreSQL's error was read; the caller's own follows it.
  if (data.stack)
    error.stack = `${data.stack}\n    --- in the server thread ---\n${new Error().stack?.split('\n').slice(2).join('\n')}`
  return error
}
