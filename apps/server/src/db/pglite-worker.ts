import { parentPort, workerData } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import { openPglite } from './pglite-open'
import { READY_ID, errorToData, type Reply, type Request, type WorkerStart } from './pglite-protocol'

/**
 * The PGlite worker (docs/decisions/0104): owns the database and runs one request at a time in
 * arrival order. The server's single connection (knex-pglite's pool of one) means requests arrive
 * one by one anyway; running them in order here keeps BEGIN … COMMIT on that connection intact.
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
  // One at a time: PGlite itself serialises, but the order of the replies must be the order of arrival.
  let queue: Promise<void> = Promise.resolve()
  port.on('message', (request: Request) => {
    queue = queue.then(async () => {
      let reply: Reply
      try {
        const value = await run(db, request)
        reply = { id: request.id, ok: true, value }
      } catch (error) {
        reply = { id: request.id, ok: false, error: errorToData(error) }
      }
      // A dump is moved to the server's thread, not copied (it can be hundreds of megabytes).
      port.postMessage(reply, reply.ok && reply.value instanceof ArrayBuffer ? [reply.value] : [])
      if (request.op === 'close') port.close()
    })
  })
}

void main()
