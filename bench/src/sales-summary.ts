import { mkdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  servicePaths,
  summaryDims,
  summaryGroupBys,
  type SalesSummary,
  type SalesSummaryQuery,
  type SummaryDim,
  type SummaryGroupBy
} from '@emporia/shared'
import { createApp, type EmporiaApp } from '../../apps/server/src/app'
import { loadConfig } from '../../apps/server/src/config'
import { createDb, type Db } from '../../apps/server/src/platform/db/knex'
import { benchUserToken, postJson } from './support/auth'
import { ADMIN_URL, withClient } from './support/postgres'
import { fixed, type Figure, type Outcome } from './support/report'
import { ensureSales, SALES_SHOP, SALES_WAREHOUSE, type SalesSeed } from './support/sales-seed'
import { percentiles } from './support/stats'

type Log = (line: string) => void

/** A database of its own, kept between runs: seeding a million orders and rebuilding takes minutes. */
const DB = 'emporia_bench_sales'
const DB_URL = ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${DB}$1`)
const ORDERS = Number(process.env.BENCH_SALES_ORDERS ?? 1_000_000)
const PGLITE_ORDERS = Number(process.env.BENCH_SALES_PGLITE_ORDERS ?? ORDERS)
const CALLS = Number(process.env.BENCH_SALES_CALLS ?? 40)
const GOAL_P95_MS = 50
const GOAL_FRESH_MS = 1000
const DAY = 86_400_000

interface Timing {
  range: string
  groupBy: SummaryGroupBy
  by: SummaryDim
  rows: number
  p50: number
  p95: number
}

const open = async (db: Db): Promise<EmporiaApp> => {
  const config = loadConfig(
    {},
    { authSecret: 'bench-secret-bench-secret-bench-secret', logLevel: 'silent', databaseUrl: DB_URL, dataDir: 'unused' }
  )
  return createApp(config, { db })
}

const summaryOf = (app: EmporiaApp, query: SalesSummaryQuery) =>
  app.app.service(servicePaths.salesSummary).find({ query: { shop: SALES_SHOP, ...query } })

/** Every grouping, split three ways, over the last year and the last three years of the shop's orders. */
const latencies = async (app: EmporiaApp, seed: SalesSeed, log: Log): Promise<Timing[]> => {
  const to = new Date(Date.parse(seed.end) + 1000).toISOString()
  const ranges = { '1 year': new Date(Date.parse(to) - 365 * DAY), '3 years': new Date(Date.parse(to) - 3 * 365 * DAY) }
  const timings: Timing[] = []
  for (const [range, from] of Object.entries(ranges))
    for (const by of summaryDims)
      for (const groupBy of summaryGroupBys) {
        const query = { groupBy, by, from: from.toISOString(), to }
        let rows = 0
        for (let i = 0; i < 3; i++) rows = (await summaryOf(app, query)).rows.length
        const times: number[] = []
        for (let i = 0; i < CALLS; i++) {
          const started = performance.now()
          await summaryOf(app, query)
          times.push(performance.now() - started)
        }
        const { p50, p95 } = percentiles(times)
        timings.push({ range, groupBy, by, rows, p50, p95 })
      }
  for (const by of summaryDims)
    for (const range of Object.keys(ranges)) {
      const some = timings.filter((t) => t.by === by && t.range === range)
      log(`  by ${by}, ${range}: ${some.map((t) => `${t.groupBy} ${t.p50}/${t.p95}`).join(', ')} ms (p50/p95)`)
    }
  return timings
}

/** The bench's merchant, as catalogue.ts makes one: a user registered over the API, admin of the measured shop. */
const signIn = async (app: EmporiaApp) => {
  const server = await app.app.listen(0, '127.0.0.1')
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const token = await benchUserToken(url)
  const { user } = await postJson(`${url}/api/authentication`, { strategy: 'jwt', accessToken: token })
  const users = JSON.stringify([
    { user: (user as { _id: string })._id, role: 'admin', roles: ['admin', 'user', 'pos'], perm: [], accepted: true }
  ])
  return { url, token, users }
}

type Merchant = Awaited<ReturnType<typeof signIn>>

const http = async <T>(who: Merchant, method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${who.url}/api/${path}${path.includes('?') ? '&' : '?'}shop=${SALES_SHOP}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const answer = (await response.json()) as T
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`)
  return answer
}

/**
 * A new order paid at the counter (POST orders with a cash payment, as the POS sends it), then the
 * summary read over the API until it shows: what a chart waits for after a sale.
 */
const freshness = async (app: EmporiaApp, who: Merchant) => {
  const product = (await app.db.knex('products').where({ shop: SALES_SHOP }).first('_id', 'price')) as {
    _id: string
    price: number
  }
  const today = () =>
    `sales/summary?groupBy=yearMonthDate&from=${new Date(Date.now() - DAY).toISOString()}&to=${new Date(Date.now() + DAY).toISOString()}`
  const waits: number[] = []
  for (let n = 0; n < 20; n++) {
    const before = (await http<SalesSummary>(who, 'GET', today())).totals.orders
    const started = performance.now()
    await http(who, 'POST', 'orders', {
      source: 'pos',
      warehouse: SALES_WAREHOUSE,
      products: [{ product: product._id, quantity: 1 }],
      payments: [{ method: 'cash', amount: product.price }]
    })
    for (;;) {
      if ((await http<SalesSummary>(who, 'GET', today())).totals.orders > before) break
      if (performance.now() - started > 10_000) throw new Error('the new order never showed in the summary')
    }
    waits.push(performance.now() - started)
  }
  return { via: 'POST orders, then GET sales/summary', ...percentiles(waits) }
}

const figures = (label: string, timings: Timing[], fresh: Awaited<ReturnType<typeof freshness>>): Figure[] => {
  const totals = timings.filter((t) => t.by === 'total')
  const worst = totals.reduce((a, b) => (b.p95 > a.p95 ? b : a))
  const split = timings.filter((t) => t.by !== 'total').reduce((a, b) => (b.p95 > a.p95 ? b : a))
  return [
    {
      name: `${label}: worst p95 of 8 groupings × 1 and 3 years`,
      measured: `${worst.p95} ms (${worst.groupBy}, ${worst.range})`,
      goal: `<= ${GOAL_P95_MS} ms`,
      pass: worst.p95 <= GOAL_P95_MS
    },
    {
      name: `${label}: worst p95 split by method or category`,
      measured: `${split.p95} ms (${split.groupBy} by ${split.by}, ${split.range})`
    },
    {
      name: `${label}: new order shows in the summary`,
      measured: `p50 ${fresh.p50} ms, max ${fresh.max} ms (${fresh.via})`,
      goal: `<= ${GOAL_FRESH_MS} ms`,
      pass: fresh.max <= GOAL_FRESH_MS
    }
  ]
}

const onPostgres = async (log: Log) => {
  await withClient(ADMIN_URL, async (admin) => {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DB])
    if (!rowCount) await admin.query(`create database ${DB}`)
  })
  const db = await createDb({ databaseUrl: DB_URL, dataDir: 'unused', statementTimeoutMs: 0 })
  const app = await open(db)
  try {
    const who = await signIn(app)
    const seed = await ensureSales(db.knex, ORDERS, who.users, log)
    log(`  PostgreSQL: ${seed.reused ? 'reused' : 'seeded'} ${seed.orders} orders, ${seed.rollupRows} rollup rows`)
    const timings = await latencies(app, seed, log)
    const fresh = await freshness(app, who)
    log(`  fresh: ${JSON.stringify(fresh)}`)
    return { seed, timings, fresh }
  } finally {
    await app.close()
    await db.close()
  }
}

const onPglite = async (log: Log) => {
  const dir = path.join(os.tmpdir(), 'emporia-bench', 'pglite-sales')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const db = await createDb({ dataDir: dir })
  const app = await open(db)
  try {
    const who = await signIn(app)
    const seed = await ensureSales(db.knex, PGLITE_ORDERS, who.users, log)
    log(`  PGlite: seeded ${seed.orders} orders, ${seed.rollupRows} rollup rows`)
    const timings = await latencies(app, seed, log)
    const fresh = await freshness(app, who)
    log(`  fresh: ${JSON.stringify(fresh)}`)
    return { seed, timings, fresh }
  } finally {
    await app.close()
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Sales summary figures (issue 13, docs/benchmarks.md): one shop's million orders rolled up by
 * rebuildSales, then sales/summary for every grouping over one and three years, through the service
 * (hooks, wall, SQL); and how soon a new paid order shows. PostgreSQL, then PGlite (BENCH_SALES_PGLITE=off skips it).
 */
export const runSalesSummary = async (log: Log): Promise<Outcome> => {
  const pg = await onPostgres(log)
  const lite = process.env.BENCH_SALES_PGLITE === 'off' ? undefined : await onPglite(log)
  return {
    workload: 'sales summary',
    figures: [
      ...figures('PostgreSQL', pg.timings, pg.fresh),
      ...(lite ? figures(`PGlite (${lite.seed.orders} orders)`, lite.timings, lite.fresh) : []),
      ...(lite?.seed.seconds
        ? [{ name: `PGlite rebuildSales of ${lite.seed.orders} orders`, measured: `${fixed(lite.seed.seconds.rebuild, 1)} s` }]
        : []),
      ...(pg.seed.seconds
        ? [{ name: `PostgreSQL rebuildSales of ${pg.seed.orders} orders`, measured: `${fixed(pg.seed.seconds.rebuild, 1)} s` }]
        : [])
    ],
    raw: { postgres: pg, pglite: lite }
  }
}
