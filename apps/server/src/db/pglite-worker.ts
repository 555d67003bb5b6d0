import { parentPort, workerData } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import { openPglite } from './pglite-open'
import { READY_ID, errorToData, type Reply, type Request, type WorkerStart } from './pglite-protocol'

/**
 * The PGlite worker (docs/decisions/0104): owns the database and serves the host's sessions.
 */
const port = parentPort
if (!port) throw new Error('pglite-worker must run as a worker thread')

const start = workerData as WorkerStart

const run = async (db: PGlite, request: Request): Promise<unknown> => {
  switch (request.op) {
    case 'query': {
      const { rows, fields, affectedRows } = await db.query(request.sql, request.params, request.options)
      // Only what knex-pglite reads (rows, fields, affectedRows): less to clone per answer.
      return { rows, fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })), affectedRows }
    }
    case 'exec': {
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

const main = async () => {
  let db: PGlite
  try {
    db = await openPglite(start.dataDir, start.loadDataDir ? new Blob([start.loadDataDir]) : undefined)
  } catch (error) {
    port.postMessage({ id: READY_ID, ok: false, error: errorToData(error) } satisfies Reply)
    return
  }
  port.postMessage({ id: READY_ID, ok: true, value: undefined } satisfies Reply)
  const reply = (request: Request, answer: Reply) => {
    // A dump is moved to the server's thread, not copied (it can be hundreds of megabytes).
    port.postMessage(answer, answer.ok && answer.value instanceof ArrayBuffer ? [answer.value] : [])
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
  const pump = async () => {
    if (running) return
    running = true
    try {
      for (;;) {
        const index = owner === undefined ? 0 : queue.findIndex(({ request }) => request.session === owner)
        if (index < 0 || queue.length === 0) break
        const [{ request }] = queue.splice(index, 1)
        let answer: Reply
        try {
          answer = { id: request.id, ok: true, value: await run(db, request) }
        } catch (error) {
          answer = { id: request.id, ok: false, error: errorToData(error) }
        }
        try {
          reply(request, answer)
        } catch (error) {
          // An answer that cannot be cloned is that caller's error, never a stalled worker.
          reply(request, { id: request.id, ok: false, error: errorToData(error) })
        }
        owner = !db.closed && db.isInTransaction() ? request.session : undefined
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
    }
  }, 1000)
  expire.unref()
  port.on('message', (request: Request) => {
    queue.push({ request, arrived: Date.now() })
    void pump()
  })
}

void main()
