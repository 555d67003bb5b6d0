import type { Knex } from 'knex'
import { MAX_COMPONENT_SOURCES, MAX_PAGE_PRODUCTS, MAX_PAGE_SOURCES, type PageNode } from '@emporia/shared'
import { createApp, type EmporiaApp } from '../../apps/server/src/app'
import { loadConfig } from '../../apps/server/src/config'
import { createDb, type Db } from '../../apps/server/src/platform/db/knex'
import { newObjectId } from '../../apps/server/src/platform/http/object-id'
import { databaseUrl, dropDatabase, freshDatabase } from './support/bench-db'
import type { Outcome } from './support/report'
import { percentiles } from './support/stats'

type Log = (line: string) => void

const SECONDS = Number(process.env.BENCH_RENDER_BUDGET_SECONDS ?? 10)
const CALLERS = Number(process.env.BENCH_RENDER_BUDGET_CALLERS ?? 8)
const PRODUCTS = Number(process.env.BENCH_RENDER_BUDGET_PRODUCTS ?? 2000)
const DATABASES = (process.env.BENCH_RENDER_BUDGET_DB ?? 'postgres,pglite').split(',')
const HEALTH_GOAL_MS = 100
const PER_SOURCE = MAX_PAGE_PRODUCTS / MAX_PAGE_SOURCES
const PG_DB = 'emporia_bench_render_budget'
const BUSY = 'e6e6e6e6e6e6e6e6e6e6e6e6'
const CALM = 'e7e7e7e7e7e7e7e7e7e7e7e7'

/** A loop over `limit` products from a lowest price: each price a distinct data source. */
const loop = (id: string, from: number, limit: number): PageNode => ({
  id,
  type: 'for',
  props: { source: { $exp: { $fetch: { source: 'products', params: { query: { $limit: limit, price: { $gte: from } } } } } } },
  children: [{ id: 'name', type: 'text', props: { text: { $exp: '$$0.name' } } }]
})

/** Two shops: BUSY with PRODUCTS products, CALM with 20; each published, BUSY's home the worst page allowed. */
const seed = async (knex: Knex, emit: (shop: string, version: number) => void) => {
  for (const [shop, subdomain, count] of [
    [BUSY, 'bench-busy', PRODUCTS],
    [CALM, 'bench-calm', 20]
  ] as const) {
    await knex.raw(
      `insert into shops ("_id", "name", "subdomain", "validUtil", "users") values (?, ?, ?, now() + interval '30 days', '[]')`,
      [shop, JSON.stringify(subdomain), subdomain]
    )
    await knex.raw(
      `insert into products ("_id", shop, name, price, status, avail, "createdAt", "updatedAt")
       select ? || lpad(to_hex(i), 14, '0'), ?, jsonb_build_object('en', 'Product ' || i), 100 + (i * 7919) % 99000,
              'selling', 'both', now(), now()
         from generate_series(1, ?::int) i`,
      [shop.slice(0, 10), shop, count]
    )
    const stamp = { shop, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() }
    const component = (name: string, content: PageNode[]) => ({
      _id: newObjectId(),
      name,
      dataType: {},
      data: {},
      props: {},
      content
    })
    // The worst page a merchant may save (issue 28, decision 0118): two components of 20 sources each, 40
    // sources sharing the page's 1,000 products (25 each): the most queries and the most products at once.
    const parts =
      shop === BUSY
        ? [0, 1].map((part) =>
            component(
              `Part ${part}`,
              Array.from({ length: MAX_COMPONENT_SOURCES }, (_, i) =>
                loop(`l${i}`, (part * MAX_COMPONENT_SOURCES + i) * 500, PER_SOURCE)
              )
            )
          )
        : []
    const home = component(
      'Home',
      shop === BUSY
        ? parts.map((part, i) => ({ id: `p${i}`, type: 'component', component: part._id, props: {} }))
        : [loop('calm', 0, 10)]
    )
    const snapshot = {
      theme: null,
      pages: [{ _id: newObjectId(), name: 'Home', path: '/', component: home._id, ...stamp }],
      components: [home, ...parts].map((one) => ({ ...one, ...stamp }))
    }
    await knex('siteVersions').insert({ _id: newObjectId(), version: 1, snapshot: JSON.stringify(snapshot), ...stamp })
    emit(shop, 1)
  }
  await knex.raw('analyze products')
}

interface Server {
  app: EmporiaApp
  db: Db
  url: string
  close: () => Promise<void>
}

const open = async (dialect: string): Promise<Server> => {
  if (dialect === 'postgres') await freshDatabase(PG_DB)
  const address = dialect === 'postgres' ? databaseUrl(PG_DB) : undefined
  const db = await createDb({ databaseUrl: address, dataDir: 'memory://', statementTimeoutMs: 0, worker: true })
  const config = loadConfig(
    {},
    { authSecret: 'bench-secret-bench-secret-bench-secret', logLevel: 'silent', databaseUrl: address, dataDir: 'memory://' }
  )
  const app = await createApp(config, { db })
  const server = await app.app.listen(0, '127.0.0.1')
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return {
    app,
    db,
    url,
    close: async () => {
      await app.close()
      await db.close()
      if (dialect === 'postgres') await dropDatabase(PG_DB)
    }
  }
}

const timed = async (url: string) => {
  const started = performance.now()
  const answer = await fetch(url)
  await answer.arrayBuffer()
  return { ms: performance.now() - started, status: answer.status }
}

/** Sequential requests to `url` until `stop()` holds: their times to the last byte. */
const probe = async (url: string, stop: () => boolean) => {
  const times: number[] = []
  const statuses = new Map<number, number>()
  while (!stop()) {
    const { ms, status } = await timed(url)
    times.push(ms)
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
  }
  return { times, statuses: Object.fromEntries(statuses) }
}

const measure = async (dialect: string, log: Log) => {
  const server = await open(dialect)
  try {
    const emit = (shop: string, version: number) => server.app.app.service('siteVersions').emit('created', { shop, version })
    await seed(server.db.knex, emit)
    const busy = `${server.url}/s/bench-busy/?lang=en`
    const calm = `${server.url}/s/bench-calm/?lang=en`
    const health = `${server.url}/api/health`
    const storefront = server.app.storefront
    // Warm: the sites loaded, the statements prepared.
    for (let i = 0; i < 3; i++) {
      storefront.cache.clear()
      await timed(busy)
      await timed(calm)
    }
    let until = performance.now() + 2000
    const idle = await probe(health, () => performance.now() > until)
    until = performance.now() + SECONDS * 1000
    const stop = () => performance.now() > until
    // CALLERS visitors render the worst page over and over, uncached (the cache emptied before each).
    const renders: number[] = []
    const statuses: Record<number, number> = {}
    const callers = Array.from({ length: CALLERS }, async () => {
      while (!stop()) {
        storefront.cache.clear()
        const { ms, status } = await timed(busy)
        renders.push(ms)
        statuses[status] = (statuses[status] ?? 0) + 1
      }
    })
    const [healthUnder, calmUnder] = await Promise.all([probe(health, stop), probe(calm, stop), ...callers])
    const figures = {
      idle: percentiles(idle.times),
      health: { ...percentiles(healthUnder.times), statuses: healthUnder.statuses },
      calm: { ...percentiles(calmUnder.times), statuses: calmUnder.statuses },
      worst: { ...percentiles(renders), statuses }
    }
    log(
      `  ${dialect}: /api/health idle p95 ${figures.idle.p95} ms; under ${CALLERS} worst-page callers p50 ${figures.health.p50} p95 ${figures.health.p95} max ${figures.health.max} ms; other shop's page p95 ${figures.calm.p95} ms; worst page p50 ${figures.worst.p50} p95 ${figures.worst.p95} ms (${JSON.stringify(statuses)})`
    )
    return figures
  } finally {
    await server.close()
  }
}

/**
 * Issue 28: /api/health and another shop's page while CALLERS visitors render the worst page a merchant
 * may save (40 data sources of 25 products, the page's 1,000), uncached, for SECONDS, on PostgreSQL and PGlite (worker).
 * The load runs in this process (its fetches share the server's event loop, as a real neighbour would not).
 */
export const runRenderBudget = async (log: Log): Promise<Outcome> => {
  const raw: Record<string, unknown> = {}
  const figures: Outcome['figures'] = []
  for (const dialect of DATABASES) {
    const result = await measure(dialect, log)
    raw[dialect] = result
    figures.push(
      {
        name: `${dialect}: /api/health p95 under ${CALLERS} worst-page renders`,
        measured: `${result.health.p95} ms (max ${result.health.max})`,
        goal: `≤ ${HEALTH_GOAL_MS} ms`,
        pass: result.health.p95 <= HEALTH_GOAL_MS
      },
      { name: `${dialect}: another shop's uncached page p95`, measured: `${result.calm.p95} ms` },
      {
        name: `${dialect}: worst page (40 sources × 25 products) p50 / p95`,
        measured: `${result.worst.p50} / ${result.worst.p95} ms`
      }
    )
  }
  return { workload: 'render-budget', figures, raw }
}
