import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'
import {
  READY_ID,
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
  readonly waitReady: Promise<void>
  #worker: Worker
  #pending = new Map<number, Pending>()
  #nextId = READY_ID + 1
  #nextSession = 1
  #closed = false
  #failure?: Error
  #parsers: ReturnType<typeof wireParsers> = {}

  private constructor(start: WorkerStart, transfer: ArrayBuffer[]) {
    this.#worker = startWorker(start, transfer)
    this.waitReady = new Promise<void>((resolve, reject) => {
      const ready = (value: unknown) => {
        this.#parsers = wireParsers((value as Ready).arrayTypes)
        resolve()
      }
      this.#pending.set(READY_ID, { resolve: ready, reject })
    })
    this.#worker.on('message', (reply: Reply) => this.#settle(reply))
    this.#worker.on('error', (error) => this.#fail(error))
    this.#worker.on('exit', (code) => this.#fail(new Error(`The PGlite worker stopped (exit code ${code})`)))
  }

  static async open(dataDir: string, options: { loadDataDir?: Blob; maxWaitMs: number }): Promise<PgliteWorkerHost> {
    const data = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined
    const host = new PgliteWorkerHost({ dataDir, loadDataDir: data, maxWaitMs: options.maxWaitMs }, data ? [data] : [])
    try {
      await host.waitReady
    } catch (error) {
      await host.#worker.terminate()
      throw error
    }
    return host
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
    if (this.#closed) return
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

  #call(call: Call, session = 0): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure)
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'))
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      try {
        this.#worker.postMessage({ ...call, id, session } as Request)
      } catch (error) {
        // A parameter that cannot be cloned (a function, a symbol): the caller's mistake, told at once.
        reject(error as Error)
        return
      }
      this.#pending.set(id, { resolve, reject })
      // Busy, the worker keeps the process alive; idle, it does not (like an idle pool connection).
      if (this.#pending.size === 1) this.#worker.ref()
    })
  }

  #settle(reply: Reply) {
    const pending = this.#pending.get(reply.id)
    if (!pending) return
    this.#pending.delete(reply.id)
    if (this.#pending.size === 0) this.#worker.unref()
    if (reply.ok) pending.resolve(reply.value)
    else pending.reject(errorFromData(reply.error as ErrorData))
  }

  #fail(error: Error) {
    if (this.#closed && this.#pending.size === 0) return
    this.#failure ??= error
    this.#closed = true
    for (const { reject } of this.#pending.values()) reject(this.#failure)
    this.#pending.clear()
  }
}
