import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'
import {
  READY_ID,
  RunningState,
  errorFromData,
  type CloneableQueryOptions,
  type ErrorData,
  type Ready,
  type Reply,
  type Request,
  type WorkerStart
} from './pglite-protocol'
import type { Wire } from './pglite-wire'
import { readWire, wireParsers } from './pglite-wire-read'

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void }
type Call = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id' | 'session'> : never) : never

/**
 * The worker's entry: the built `dist/pglite-worker.js` beside the bundle (build.mjs), or, when the
 * server runs from TypeScript source (tests, `npm run dev`, the bench), the `.ts` file through tsx,
 * which a worker does not inherit from vitest.
 */
const startWorker = (start: WorkerStart, transfer: ArrayBuffer[]) => {
  const options = { workerData: start, transferList: transfer }
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', import.meta.url), options)
  // tsx's ES module API (its CommonJS one cannot register hooks from an eval'd script); a data: URL
  // module may import absolute file URLs only, so both are resolved here.
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs')
  ).href
  const entry = new URL('./pglite-worker.ts', import.meta.url).href
  const boot = `const { tsImport } = await import(${JSON.stringify(tsx)}); await tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)})`
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options)
}

/** Keeps only the options that are data; the rest (parsers, callbacks) cannot cross to the worker. */
const cloneable = (options?: Record<string, unknown>): CloneableQueryOptions | undefined => {
  if (!options) return undefined
  const { rowMode, paramTypes } = options as CloneableQueryOptions
  return rowMode || paramTypes ? { rowMode, paramTypes } : undefined
}

export interface PgliteSession {
  readonly waitReady: Promise<void>
  readonly closed: boolean
  query: <T>(sql: string, params?: unknown[], options?: Record<string, unknown>) => Promise<Results<T>>
  exec: (sql: string, options?: Record<string, unknown>) => Promise<Results[]>
  close: () => Promise<void>
}

/**
 * PGlite in a worker thread, behind the part of PGlite's interface knex-pglite and knex.ts use
 * (`waitReady`, `query`, `exec`, `dumpDataDir`, `close`, `closed`). The database's WASM and its
 * protocol parsing then run beside the event loop instead of on it (docs/decisions/0104).
 */
export class PgliteWorkerHost {
  waitReady: Promise<void>
  #worker: Worker
  #pending = new Map<number, Pending & { call: Call; session: number }>()
  #nextId = READY_ID + 1
  #nextSession = 1
  #closed = false
  #failure?: Error
  #parsers: ReturnType<typeof wireParsers> = {}
  readonly #dataDir: string
  readonly #maxWaitMs: number
  readonly #statementTimeoutMs: number
  readonly #state = new Int32Array(new SharedArrayBuffer(RunningState.slots * Int32Array.BYTES_PER_ELEMENT))
  /** Answers received from the current worker (the shared state counts those it sent). */
  #replies = 0
  #watchdog?: NodeJS.Timeout
  /** Set while a worker stopped for a statement past its limit is replaced: calls wait for it. */
  #restarting?: Promise<void>
  /** Sessions whose transaction died with a stopped worker: refused until they end it (as PostgreSQL's 25P02). */
  #aborted = new Set<number>()
  /** Workers stopped on purpose: their exit is not a failure. */
  #retired = new WeakSet<Worker>()

  private constructor(start: Omit<WorkerStart, 'state'>, transfer: ArrayBuffer[]) {
    this.#dataDir = start.dataDir
    this.#maxWaitMs = start.maxWaitMs
    this.#statementTimeoutMs = start.statementTimeoutMs
    this.#worker = this.#startWorker(start.loadDataDir, transfer)
    this.waitReady = this.#ready()
    // In memory, a restarted worker would start from an empty database: there no statement is stopped.
    if (this.#statementTimeoutMs > 0 && !start.dataDir.startsWith('memory://')) this.#watch()
  }

  static async open(
    dataDir: string,
    options: { loadDataDir?: Blob; maxWaitMs: number; statementTimeoutMs?: number }
  ): Promise<PgliteWorkerHost> {
    const data = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined
    const host = new PgliteWorkerHost(
      { dataDir, loadDataDir: data, maxWaitMs: options.maxWaitMs, statementTimeoutMs: options.statementTimeoutMs ?? 0 },
      data ? [data] : []
    )
    try {
      await host.waitReady
    } catch (error) {
      clearInterval(host.#watchdog)
      await host.#worker.terminate()
      throw error
    }
    return host
  }

  #startWorker(loadDataDir: ArrayBuffer | undefined, transfer: ArrayBuffer[]) {
    this.#replies = 0
    Atomics.store(this.#state, RunningState.call, 0)
    Atomics.store(this.#state, RunningState.owner, 0)
    Atomics.store(this.#state, RunningState.replies, 0)
    Atomics.store(this.#state, RunningState.stopping, 0)
    const start: WorkerStart = {
      dataDir: this.#dataDir,
      maxWaitMs: this.#maxWaitMs,
      statementTimeoutMs: this.#statementTimeoutMs,
      state: this.#state.buffer as SharedArrayBuffer,
      loadDataDir
    }
    const worker = startWorker(start, transfer)
    // A stopped worker's exit or error is not a failure of the database.
    // A stopped worker's answer that arrives anyway still settles its call (it ran), uncounted.
    worker.on('message', (reply: Reply) => this.#settle(reply, !this.#retired.has(worker)))
    worker.on('error', (error) => {
      if (!this.#retired.has(worker)) this.#fail(error)
    })
    worker.on('exit', (code) => {
      if (!this.#retired.has(worker)) this.#fail(new Error(`The PGlite worker stopped (exit code ${code})`))
    })
    return worker
  }

  /** The current worker's "open" answer. */
  #ready() {
    return new Promise<void>((resolve, reject) => {
      const ready = (value: unknown) => {
        this.#parsers = wireParsers((value as Ready).arrayTypes)
        resolve()
      }
      this.#pending.set(READY_ID, { resolve: ready, reject, call: { op: 'close' }, session: 0 })
    })
  }

  /**
   * The watchdog of STATEMENT_TIMEOUT_MS (decision 0212): PGlite runs a statement to its end, does not
   * honour `statement_timeout` and has no cancel, so a call that runs past its limit stops the worker.
   * It looks a few times per limit; a call ends between its limit and a quarter of it later.
   */
  #watch() {
    let seen = 0
    let since = 0
    const tick = Math.max(5, Math.min(250, Math.floor(this.#statementTimeoutMs / 4)))
    this.#watchdog = setInterval(() => {
      if (this.#restarting || this.#closed) return
      const call = Atomics.load(this.#state, RunningState.call)
      if (call !== seen) {
        seen = call
        since = Date.now()
        return
      }
      const limit = Atomics.load(this.#state, RunningState.limitMs)
      if (call === 0 || limit <= 0 || Date.now() - since < limit) return
      seen = 0
      this.#restarting = this.#restart(call).finally(() => {
        this.#restarting = undefined
      })
    }, tick)
    this.#watchdog.unref()
  }

  /**
   * Stops the worker held by call `call` and opens the data directory again in a new one: PostgreSQL's
   * crash recovery keeps every committed transaction and drops the one that was open (it is the stopped
   * call's: while a transaction is open only its session's calls run). The stopped call fails as one
   * cancelled by `statement_timeout` does on PostgreSQL (57014); its session's transaction is gone, so
   * its next calls are refused until it ends it; the calls that were waiting behind it never ran and are
   * sent to the new worker.
   */
  async #restart(call: number) {
    const sent = () => Atomics.load(this.#state, RunningState.replies)
    // Answers sent before the stop are read first: what is still pending after them never ran.
    for (const until = Date.now() + 5000; this.#replies < sent() && Date.now() < until;)
      await new Promise((resolve) => setImmediate(resolve))
    // From here the worker starts no other call, so only that one may still end before it is stopped.
    Atomics.store(this.#state, RunningState.stopping, 1)
    if (Atomics.load(this.#state, RunningState.call) !== call) {
      Atomics.store(this.#state, RunningState.stopping, 0)
      Atomics.notify(this.#state, RunningState.stopping)
      return
    }
    const session = Atomics.load(this.#state, RunningState.session)
    if (Atomics.load(this.#state, RunningState.owner) === session) this.#aborted.add(session)
    const old = this.#worker
    this.#retired.add(old)
    await old.terminate()
    const stopped = this.#pending.get(call)
    this.#pending.delete(call)
    stopped?.reject(
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014', severity: 'ERROR' })
    )
    const waiting = [...this.#pending.entries()].filter(([id]) => id !== READY_ID)
    this.#pending.clear()
    this.#worker = this.#startWorker(undefined, [])
    this.waitReady = this.#ready()
    try {
      await this.waitReady
    } catch (error) {
      this.#fail(error as Error)
      for (const [, { reject }] of waiting) reject(error as Error)
      return
    }
    for (const [id, pending] of waiting) this.#post(id, pending)
  }

  get closed() {
    return this.#closed
  }

  query<T>(sql: string, params?: unknown[], options?: Record<string, unknown>): Promise<Results<T>> {
    return this.#query<T>(sql, params, options)
  }

  exec(sql: string, options?: Record<string, unknown>): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, options: cloneable(options) }) as Promise<Results[]>
  }

  /**
   * One more connection for knex's pool: its calls go to the same backend, and the worker keeps a
   * transaction it begins to it alone. Closing it frees nothing (the host is closed with the Db).
   */
  session(): PgliteSession {
    const session = this.#nextSession++
    return {
      waitReady: this.waitReady,
      get closed() {
        return false
      },
      query: <T>(sql: string, params?: unknown[], options?: Record<string, unknown>) =>
        this.#query<T>(sql, params, options, session),
      exec: (sql: string, options?: Record<string, unknown>) =>
        this.#call({ op: 'exec', sql, options: cloneable(options) }, session) as Promise<Results[]>,
      close: async () => undefined
    }
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([(await this.#call({ op: 'dump', compression })) as ArrayBuffer])
  }

  async close(): Promise<void> {
    if (this.#restarting) await this.#restarting
    if (this.#closed) return
    clearInterval(this.#watchdog)
    try {
      await this.#call({ op: 'close' })
    } finally {
      this.#closed = true
      await this.#worker.terminate()
    }
  }

  async #query<T>(sql: string, params?: unknown[], options?: Record<string, unknown>, session = 0): Promise<Results<T>> {
    const answer = (await this.#call({ op: 'query', sql, params, options: cloneable(options) }, session)) as Wire
    return readWire<T>(answer, this.#parsers, options as QueryOptions | undefined)
  }

  async #call(call: Call, session = 0): Promise<unknown> {
    if (this.#restarting) await this.#restarting
    if (this.#failure) throw this.#failure
    if (this.#closed) throw new Error('PGlite is closed')
    if (this.#aborted.has(session)) {
      const sql = call.op === 'query' || call.op === 'exec' ? call.sql : ''
      // Its transaction died with the stopped worker: only ending it is accepted (and ends nothing).
      if (!/^\s*(rollback|commit|end|abort)\b(?!\s+to\b)/i.test(sql))
        throw Object.assign(new Error('current transaction is aborted, commands ignored until end of transaction block'), {
          code: '25P02'
        })
      this.#aborted.delete(session)
    }
    const id = this.#nextId++
    return new Promise((resolve, reject) => this.#post(id, { resolve, reject, call, session }))
  }

  #post(id: number, pending: Pending & { call: Call; session: number }) {
    try {
      this.#worker.postMessage({ ...pending.call, id, session: pending.session } as Request)
    } catch (error) {
      // A parameter that cannot be cloned (a function, a symbol): the caller's mistake, told at once.
      pending.reject(error as Error)
      return
    }
    this.#pending.set(id, pending)
    // Busy, the worker keeps the process alive; idle, it does not (like an idle pool connection).
    if (this.#pending.size === 1) this.#worker.ref()
  }

  #settle(reply: Reply, counted = true) {
    if (counted && reply.id !== READY_ID) this.#replies++
    const pending = this.#pending.get(reply.id)
    if (!pending) return
    this.#pending.delete(reply.id)
    if (this.#pending.size === 0) this.#worker.unref()
    if (reply.ok) pending.resolve(reply.value)
    else pending.reject(errorFromData(reply.error as ErrorData))
  }

  #fail(error: Error) {
    clearInterval(this.#watchdog)
    if (this.#closed && this.#pending.size === 0) return
    this.#failure ??= error
    this.#closed = true
    for (const { reject } of this.#pending.values()) reject(this.#failure)
    this.#pending.clear()
  }
}
