import { parentPort, workerData } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import { openPglite, readArrayTypes } from './pglite-open'
import {
  READY_ID,
  RunningState,
  errorToData,
  statementTimeoutSet,
  type Ready,
  type Reply,
  type Request,
  type WorkerStart
} from './pglite-protocol'
import { WireQueries } from './pglite-wire'

/**
 * The PGlite worker (docs/decisions/0104): owns the database and serves the host's sessions.
 */
const port = parentPort
if (!port) throw new Error('pglite-worker must run as a worker thread')

const start = workerData as WorkerStart
const state = new Int32Array(start.state)

const run = async (db: PGlite, wire: WireQueries, request: Request): Promise<unknown> => {
  switch (request.op) {
    case 'query': {
      // Raw wire bytes, moved to the server's thread and parsed there (pglite-wire.ts, pglite-host.ts).
      return await wire.query(request.sql, request.params, request.options)
    }
    case 'exec': {
      // A script may create, alter or drop what a prepared statement reads.
      await wire.forget()
      const results = await db.exec(request.sql, request.options)
      return results.map(({ rows, fields, affectedRows }) => ({
        rows,
        fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
        affectedRows
      }))
    }
    case 'dump': {
      const dump = await db.dumpDataDir(request.compression)
      return await dump.arrayBuffer()
    }
    case 'close':
      if (!db.closed) await db.close()
      return undefined
  }
}

const transferable = (value: unknown): ArrayBuffer[] => {
  if (value instanceof ArrayBuffer) return [value]
  const buffer = (value as { buffer?: unknown } | undefined)?.buffer
  return buffer instanceof ArrayBuffer ? [buffer] : []
}

const main = async () => {
  let db: PGlite
  let ready: Ready
  try {
    db = await openPglite(start.dataDir, start.loadDataDir ? new Blob([start.loadDataDir]) : undefined)
    ready = { arrayTypes: await readArrayTypes(db) }
    // Prepared statements save parsing, not planning: each execution is planned for its values, as an
    // unnamed statement was (no generic plan for a search pattern or a capped count).
    await db.exec('set plan_cache_mode = force_custom_plan')
  } catch (error) {
    port.postMessage({ id: READY_ID, ok: false, error: errorToData(error) } satisfies Reply)
    return
  }
  port.postMessage({ id: READY_ID, ok: true, value: ready } satisfies Reply)
  const wire = new WireQueries(db)
  const reply = (request: Request, answer: Reply) => {
    // Answers and dumps are moved to the server's thread, not copied (a dump can be hundreds of megabytes).
    port.postMessage(answer, answer.ok ? transferable(answer.value) : [])
    // Counted once sent: the host waits for every answer sent before it restarts the worker (pglite-host.ts).
    Atomics.add(state, RunningState.replies, 1)
    if (request.op === 'close') port.close()
  }
  /*
   * One request at a time, in arrival order, except that while a session is inside a transaction
   * (BEGIN … COMMIT/ROLLBACK) only that session's requests run: the others wait their turn, exactly as
   * they waited for the one connection before. So the host may send requests of several sessions
   * at once and the database never idles between two of them.
   */
  const queue: { request: Request; arrived: number }[] = []
  let owner: number | undefined
  let running = false
  /*
   * The statement timeout of each call (decision 0212): the server's, or what the session set (`set
   * statement_timeout`), or what its transaction set (`set local`, until it ends). The host's watchdog
   * reads it from the shared state with the call; dumps and closing are never limited.
   */
  const sessionLimits = new Map<number, number>()
  let transactionLimit: number | undefined
  const limitOf = (request: Request) => {
    if (request.op !== 'query' && request.op !== 'exec') return 0
    if (request.session === owner && transactionLimit !== undefined) return transactionLimit
    return sessionLimits.get(request.session) ?? start.statementTimeoutMs
  }
  const noteLimit = (request: Request) => {
    const set = request.op === 'query' || request.op === 'exec' ? statementTimeoutSet(request.sql) : undefined
    if (!set) return
    const ms = set.ms === 'default' ? undefined : set.ms
    if (set.local) {
      if (db.isInTransaction()) transactionLimit = ms
    } else if (ms === undefined) sessionLimits.delete(request.session)
    else sessionLimits.set(request.session, ms)
  }
  const pump = async () => {
    if (running) return
    running = true
    try {
      for (;;) {
        // Being stopped (pglite-host.ts): the calls still queued go to the next worker, so none starts here
        // (the host lifts the word again when the call it meant ended first).
        while (Atomics.load(state, RunningState.stopping) === 1) Atomics.wait(state, RunningState.stopping, 1, 1000)
        const index = owner === undefined ? 0 : queue.findIndex(({ request }) => request.session === owner)
        if (index < 0 || queue.length === 0) break
        const [{ request }] = queue.splice(index, 1)
        Atomics.store(state, RunningState.session, request.session)
        Atomics.store(state, RunningState.limitMs, limitOf(request))
        Atomics.store(state, RunningState.call, request.id)
        let answer: Reply
        try {
          answer = { id: request.id, ok: true, value: await run(db, wire, request) }
          noteLimit(request)
        } catch (error) {
          answer = { id: request.id, ok: false, error: errorToData(error) }
        }
        Atomics.store(state, RunningState.call, 0)
        try {
          reply(request, answer)
        } catch (error) {
          // An answer that cannot be cloned is that caller's error, never a stalled worker.
          reply(request, { id: request.id, ok: false, error: errorToData(error) })
        }
        owner = !db.closed && db.isInTransaction() ? request.session : undefined
        if (owner === undefined) transactionLimit = undefined
        Atomics.store(state, RunningState.owner, owner ?? 0)
      }
    } finally {
      running = false
    }
  }
  // A caller held up by another session's transaction longer than the bound is told the server is
  // busy (pg-errors.ts: 503), as a caller waiting too long for the one connection was.
  const expire = setInterval(() => {
    const now = Date.now()
    for (let i = queue.length - 1; i >= 0; i--) {
      const { request, arrived } = queue[i]
      if (owner === undefined || request.session === owner || now - arrived < start.maxWaitMs) continue
      queue.splice(i, 1)
      const error = Object.assign(new Error('Timeout acquiring a connection: another transaction holds the database'), {
        code: '53300'
      })
      reply(request, { id: request.id, ok: false, error: errorToData(error) })
      Atomics.add(state, RunningState.replies, 1)
    }
  }, 1000)
  expire.unref()
  port.on('message', (request: Request) => {
    queue.push({ request, arrived: Date.now() })
    void pump()
  })
}

void main()
