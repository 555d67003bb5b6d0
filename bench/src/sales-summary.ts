import { mkdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { summaryDims, summaryGroupBys, type SalesSummary, type SummaryDim, type SummaryGroupBy } from '@emporia/shared'
import { createApp, type EmporiaApp } from '../../apps/server/src/app'
import { loadConfig } from '../../apps/server/src/config'
import { createDb, type Db } from '../../apps/server/src/db/knex'
import { newObjectId } from '../../apps/server/src/platform/object-id'
import { addSale, paidOrderSale } from '../../apps/server/src/sales/rollup'
import { shopTransaction } from '../../apps/server/src/tenancy'
import { ADMIN_URL, withClient } from './support/postgres'
import { fixed, type Figure, type Outcome } from './support/report'
import { ensureSales, SALES_SHOP, type SalesSeed } from './support/sales-seed'
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

const summaryOf = (app: EmporiaApp, query: Record<string, string>) =>
  app.app.service('sales/summary').find({ query: { shop: SALES_SHOP, ...query } }) as Promise<SalesSummary>

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

/**
 * A new paid order, then the summary read until it shows: what a chart waits for. The order is made as
 * the orders service makes it when that service is there (POST orders with a payment), else as rows
 * and addSale in one transaction, which is what that service does inside its own.
 */
const freshness = async (app: EmporiaApp, rowSecurity: boolean) => {
  const knex = app.db.knex
  const product = ((await knex('products').where({ shop: SALES_SHOP }).first('_id', 'price')) as { _id: string; price: number })!
  const orders = app.app.services.orders as { create?: (data: unknown, params: unknown) => Promise<unknown> } | undefined
  const waits: number[] = []
  for (let n = 0; n < 20; n++) {
    const today = {
      groupBy: 'yearMonthDate',
      from: new Date(Date.now() - DAY).toISOString(),
      to: new Date(Date.now() + DAY).toISOString()
    }
    const before = (await summaryOf(app, today)).totals.orders
    const started = performance.now()
    if (orders?.create) {
      await orders.create(
        {
          source: 'pos',
          products: [{ product: product._id, quantity: 1 }],
          payments: [{ method: 'cash', amount: product.price }]
        },
        { query: { shop: SALES_SHOP } }
      )
    } else {
      const _id = newObjectId()
      const date = new Date().toISOString()
      const line = { product: product._id, quantity: 1, price: product.price, total: product.price }
      await shopTransaction(knex, rowSecurity, SALES_SHOP, async (trx) => {
        await trx('orders').insert({
          _id,
          shop: SALES_SHOP,
          orderId: `F${_id.slice(-10)}`,
          date,
          source: 'pos',
          status: 'paid',
          products: JSON.stringify([line]),
          total: product.price,
          amount: product.price
        })
        const payment = {
          _id: newObjectId(),
          shop: SALES_SHOP,
          tranID: newObjectId(),
          order: _id,
          method: 'cash',
          amount: product.price,
          status: 'paid',
          date
        }
        await trx('payments').insert(payment)
        await addSale(trx, paidOrderSale({ _id, shop: SALES_SHOP, products: [line] }, [payment]))
      })
    }
    for (;;) {
      if ((await summaryOf(app, today)).totals.orders > before) break
      if (performance.now() - started > 10_000) throw new Error('the new order never showed in the summary')
    }
    waits.push(performance.now() - started)
  }
  return { via: orders?.create ? 'POST orders' : 'rows + addSale in one transaction', ...percentiles(waits) }
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
    const seed = await ensureSales(db.knex, ORDERS, '[]', log)
    log(`  PostgreSQL: ${seed.reused ? 'reused' : 'seeded'} ${seed.orders} orders, ${seed.rollupRows} rollup rows`)
    const timings = await latencies(app, seed, log)
    const fresh = await freshness(app, app.context.records.rowSecurity)
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
    const seed = await ensureSales(db.knex, PGLITE_ORDERS, '[]', log)
    log(`  PGlite: seeded ${seed.orders} orders, ${seed.rollupRows} rollup rows`)
    const timings = await latencies(app, seed, log)
    const fresh = await freshness(app, false)
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
      ...(pg.seed.seconds
        ? [{ name: 'PostgreSQL rebuildSales of 1M orders', measured: `${fixed(pg.seed.seconds.rebuild, 1)} s` }]
        : [])
    ],
    raw: { postgres: pg, pglite: lite }
  }
}
