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
