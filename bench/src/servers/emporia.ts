import { createServer, type Server } from 'node:http'
import os from 'node:os'
import { Koa, type Application } from '@feathersjs/koa'
import { authenticate } from '@feathersjs/authentication'
import { createApp } from '../../../apps/server/src/app'
import { loadConfig } from '../../../apps/server/src/config'
import { parseTrustProxy } from '../../../apps/server/src/platform/http/client-address'
import { logLevelOf } from '../../../apps/server/src/platform/observability/logger'
import { createDb } from '../../../apps/server/src/platform/db/knex'
import { keepHeapNearLive } from '../../../apps/server/src/platform/runtime/heap'
import { RecordService } from '../../../apps/server/src/platform/records/record-service'
import type { CountCache } from '../../../apps/server/src/platform/records/count-cache'
import { serviceRules } from '@emporia/shared'
import { ShopDirectory, shopScoped } from '../../../apps/server/src/platform/tenancy'
import { migrate } from '../../../apps/server/src/platform/db/migrate'
import { shopWall } from '../../../apps/server/src/platform/db/row-security'
import { TABLE } from '../support/dataset'
import { benchItemModel } from '../support/bench-items'
import { EmptyService } from '../support/empty-service'
import { announceReady, serveParent } from '../support/ipc'
import { ensureDataset, type SeedReport } from '../support/seed'

/**
 * Counts how often a total was asked for and how often it really ran `count(*)`, without
 * touching server code; BENCH_COUNT_CACHE=off makes every total a real count (worst case).
 */
const instrument = (counts: CountCache, cacheOff: boolean) => {
  const stats = { totals: 0, computed: 0, capped: 0 }
  const original = counts.total.bind(counts)
  counts.total = <T>(table: string, shop: string | null, key: string, compute: () => Promise<T>) => {
    stats.totals++
    const counted = async () => {
      stats.computed++
      const total = await compute()
      if ((total as { atLeast?: boolean }).atLeast) stats.capped++
      return total
    }
    return cacheOff ? counted() : original(table, shop, key, counted)
  }
  return stats
}

/** Requests the load generator gave up on may still be queued: let them finish before closing. */
const drain = async (pool: unknown) => {
  const busy = pool as { numUsed?: () => number; numPendingAcquires?: () => number } | undefined
  const deadline = Date.now() + 15_000
  while ((busy?.numUsed?.() ?? 0) + (busy?.numPendingAcquires?.() ?? 0) > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const listenKoaOnly = async (app: Application) => {
  const server = createServer(Koa.prototype.callback.call(app) as never)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  ;(app as unknown as { server: Server }).server = server
  await app.setup(server)
  return server
}

const main = async () => {
  // As `node dist/index.js` runs (decision 0177).
  keepHeapNearLive()
  const databaseUrl = process.env.BENCH_DATABASE_URL
  const dataDir = process.env.BENCH_DATA_DIR ?? `${os.tmpdir()}/emporia-bench/pglite`
  const config = loadConfig(
    {},
    {
      authSecret: 'bench-secret-bench-secret-bench-secret',
      // BENCH_LOG_LEVEL=info: a JSON line per request on stdout, as a server in production writes (decision 0209).
      logLevel: logLevelOf(process.env.BENCH_LOG_LEVEL ?? 'silent'),
      databaseUrl,
      dataDir,
      // BENCH_MAIL_URL: mail goes to this SMTP server through the job queue (the mail burst, decision 0145).
      mailUrl: process.env.BENCH_MAIL_URL,
      // BENCH_REDIS_URL: events, caches and counts shared with the other processes (the busy Saturday's two).
      redisUrl: process.env.BENCH_REDIS_URL,
      // BENCH_TRUST_PROXY=127.0.0.1: the load generator names each shopper's address (X-Forwarded-For, decision 0119).
      trustProxy: parseTrustProxy(process.env.BENCH_TRUST_PROXY),
      rowSecurity: process.env.ROW_SECURITY !== 'off'
    }
  )
  const started = performance.now()
  // PGlite in a worker thread as `npm start` runs it; BENCH_PGLITE_WORKER=off keeps it in this thread,
  // a number sets the worker's sessions in knex's pool (1: one connection, as in-thread).
  const pgliteWorker = process.env.BENCH_PGLITE_WORKER ?? 'on'
  const worker = pgliteWorker === 'off' ? false : pgliteWorker === 'on' ? true : Number(pgliteWorker)
  const db = await createDb({ databaseUrl, dataDir, worker })
  const openSeconds = (performance.now() - started) / 1000
  // PGlite is only reachable from inside this process, so its dataset is seeded here.
  let seed: SeedReport | undefined
  // BENCH_NO_DATASET=1: a workload that seeds its own rows (customer search) skips the list dataset.
  if (db.dialect === 'pglite' && process.env.BENCH_NO_DATASET !== '1') {
    const run = async (sql: string) => ((await db.knex.raw(sql)) as { rows: Record<string, unknown>[] }).rows
    seed = await ensureDataset(run, (line) => console.log(`[pglite] ${line}`))
  }
  // The list table behind the same row-security policy as every shop-scoped table (PostgreSQL).
  if (process.env.BENCH_SCOPED === '1' && db.dialect === 'postgres') {
    await migrate(db.knex)
    await shopWall(db.knex, TABLE)
  }
  let stats = { totals: 0, computed: 0, capped: 0 }
  const emporia = await createApp(config, {
    db,
    // BENCH_OBSERVE=off: without the request lines, request metrics and probes, to weigh them (decision 0209).
    observe: process.env.BENCH_OBSERVE !== 'off',
    register: (ctx, app) => {
      stats = instrument(ctx.counts, process.env.BENCH_COUNT_CACHE === 'off')
      // BENCH_TOTAL_CAP: the cap of an uncached total (a number, or `exact` for the exact count of before 0101).
      const cap = process.env.BENCH_TOTAL_CAP
      const totalCap = cap === undefined ? {} : { totalCap: cap === 'exact' ? (false as const) : Number(cap) }
      app.use(
        'benchItems',
        new RecordService({ ...ctx.records, ...totalCap, model: benchItemModel, paginate: { default: 20, max: 100 } })
      )
      // BENCH_AUTH=1: lists behind `authenticate('jwt')`, as every real shop-scoped service is.
      if (process.env.BENCH_AUTH === '1') app.service('benchItems').hooks({ before: { find: [authenticate('jwt')] } })
      // Realtime routing is deny-by-default: only a service with a rule publishes, to its shop's members who
      // may read it. Set here, before createApp configures the channels. BENCH_REALTIME=1: the fan-out's events.
      if (process.env.BENCH_SCOPED === '1' || process.env.BENCH_REALTIME === '1')
        serviceRules.benchItems = { read: { roles: ['pos'] }, write: { roles: ['user'] } }
      // BENCH_SCOPED=1: also scope-to-shop, as every shop-scoped service runs (membership + role check).
      if (process.env.BENCH_SCOPED === '1') {
        const directory = new ShopDirectory(db.knex, 60_000)
        app.service('benchItems').hooks({ before: { find: shopScoped(directory, 'benchItems') } })
      }
      app.use('empty', new EmptyService(), { methods: ['get'] })
    }
  })
  // BENCH_KOA_PATH=1: every request through the Koa chain, without the fast read path (decision 0105).
  const server = process.env.BENCH_KOA_PATH === '1' ? await listenKoaOnly(emporia.app) : await emporia.app.listen(0, '127.0.0.1')
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  // BENCH_SQL=1: the orchestrator may run SQL here (PGlite is reachable from this process only).
  const sql = async (body: unknown) => {
    if (process.env.BENCH_SQL !== '1') throw new Error('BENCH_SQL is off')
    const { text, bindings = [] } = body as { text: string; bindings?: unknown[] }
    return ((await db.knex.raw(text, bindings as never[])) as { rows: unknown[] }).rows
  }
  // The mail burst: `count` mails enqueued at once, in transactions of 100 (as a busy moment's checkouts
  // would, each in its own); one transaction of 10,000 would hold PGlite's one connection for seconds.
  const mailBurst = async (body: unknown) => {
    const { count, to } = body as { count: number; to: string }
    const { mailer } = emporia.context
    const started = performance.now()
    for (let from = 0; from < count; from += 100)
      await db.knex.transaction(async (trx) => {
        for (let i = from; i < Math.min(count, from + 100); i++)
          await mailer.enqueue(
            { to, type: 'verify', locale: 'en', values: { name: `Shopper ${i}`, code: String(100000 + i), minutes: 30 } },
            trx
          )
      })
    return { enqueueMs: performance.now() - started }
  }
  // What the process's memory is made of (the import's growth: V8's heap, buffers outside it, or PGlite's).
  const memory = () => process.memoryUsage()
  serveParent({ stats: () => ({ ...stats }), sql, mailBurst, memory }, async () => {
    await drain(db.knex.client.pool)
    await emporia.close()
    await db.close()
  })
  announceReady(server, { dialect: db.dialect, openSeconds, seed })
}

void main()
