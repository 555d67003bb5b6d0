import type { SubShopRollup } from '@emporia/shared'
import { createApp, type EmporiaApp } from '../../apps/server/src/app'
import { loadConfig } from '../../apps/server/src/config'
import { createDb } from '../../apps/server/src/platform/db/knex'
import { ADMIN_URL, withClient } from './support/postgres'
import type { Figure, Outcome } from './support/report'
import { percentiles } from './support/stats'

type Log = (line: string) => void

/** A database of its own, made afresh each run (seeding takes seconds). */
const DB = 'emporia_bench_subshops'
const DB_URL = ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${DB}$1`)
const SUB_SHOPS = Number(process.env.BENCH_SUBSHOPS ?? 20)
const PRODUCTS = Number(process.env.BENCH_SUBSHOP_PRODUCTS ?? 2000)
const WAREHOUSES = 3
const DAYS = 3 * 365
const CALLS = Number(process.env.BENCH_SUBSHOP_CALLS ?? 30)
const PARENT = 'b0000000000000000000b000'

const shopId = (n: number) => `b${String(n).padStart(23, '0')}`
/** 24 hex characters from SQL: a fresh object-id-shaped key per row. */
const sqlId = `substr(md5(random()::text || clock_timestamp()::text), 1, 24)`

/**
 * A parent with SUB_SHOPS linked sub-shops, each with three years of sales rollup days (8 slots a day
 * on its busiest days, as checkouts spread them), some refunds, PRODUCTS products with costs and a
 * stock row each in every one of its warehouses. All in SQL: the figures are the reads.
 */
const seed = async (app: EmporiaApp, log: Log) => {
  const knex = app.db.knex
  const user = (await app.app.service('users').create({
    email: `bench-subshops-${Date.now()}@example.com`,
    password: 'bench-password-1',
    agreeTerms: true
  })) as { _id: string }
  const admin = JSON.stringify([{ user: user._id, role: 'admin', roles: ['admin', 'user', 'pos'], perm: [], accepted: true }])
  await knex.raw(
    `insert into shops ("_id", name, subdomain, "validUtil", users, "useSubShop") values (?, '"Parent"', 'bench-parent', now() + interval '30 days', ?, true)`,
    [PARENT, admin]
  )
  const started = performance.now()
  for (let n = 1; n <= SUB_SHOPS; n++) {
    const shop = shopId(n)
    await knex.raw(
      `insert into shops ("_id", name, subdomain, "validUtil", users) values (?, ?, ?, now() + interval '30 days', ?)`,
      [shop, JSON.stringify(`Branch ${n}`), `bench-branch-${n}`, admin]
    )
    await knex.raw(
      `insert into "shopMembers" ("_id", shop, "user", email, name, role, accepted) values (${sqlId}, ?, ?, 'bench@example.com', 'Owner', 'admin', true)`,
      [shop, user._id]
    )
    await knex.raw(
      `insert into "shopMembers" ("_id", shop, "user", email, name, role, accepted, "subShop") values (${sqlId}, ?, ?, ?, ?, 'subshop', true, ?)`,
      [PARENT, user._id, `branch-${n}@example.com`, `Branch ${n}`, shop]
    )
    await knex.raw(
      `insert into "salesRollup" (shop, dim, day, key, slot, amount, orders, quantity, "hourAmount", "hourOrders", "hourQuantity")
       select ?, 'total', (current_date - d), '', s, 2400, 24, 48, array_fill(100::bigint, array[24]), array_fill(1, array[24]), array_fill(2::numeric, array[24])
         from generate_series(0, ?) d, generate_series(0, case when ? % 7 = 0 then 7 else 0 end) s`,
      [shop, DAYS - 1, n]
    )
    await knex.raw(
      `insert into payments ("_id", shop, "order", method, amount, status, date, "refundOf", "tranID")
       select ${sqlId}, ?, ${sqlId}, 'cash', -500, 'refunded', now() - (d || ' days')::interval, ${sqlId}, ${sqlId}
         from generate_series(0, ?, 3) d`,
      [shop, DAYS - 1]
    )
    await knex.raw(
      `insert into warehouses ("_id", shop, name) select ${sqlId}, ?, to_jsonb('Store ' || w) from generate_series(1, ?) w`,
      [shop, WAREHOUSES]
    )
    await knex.raw(
      `insert into products ("_id", shop, name, price, cprice) select ${sqlId}, ?, to_jsonb('Product ' || p), 1000, 400 from generate_series(1, ?) p`,
      [shop, PRODUCTS]
    )
    await knex.raw(
      `insert into stocks ("_id", shop, warehouse, product, sku, quantity, reserved)
       select ${sqlId}, ?, w._id, p._id, '', (random() * 50)::int, (random() * 3)::int
         from warehouses w, products p where w.shop = ? and p.shop = ?`,
      [shop, shop, shop]
    )
  }
  await knex.raw('analyze')
  log(
    `  seeded ${SUB_SHOPS} sub-shops × (${DAYS} rollup days, ${PRODUCTS} products × ${WAREHOUSES} warehouses of stock) in ${((performance.now() - started) / 1000).toFixed(1)} s`
  )
}

const timed = async (run: () => Promise<unknown>) => {
  for (let i = 0; i < 3; i++) await run()
  const times: number[] = []
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return percentiles(times)
}

/**
 * The sub-shops roll-up (decision 0087) on PostgreSQL with row security: `subShops/summary` over
 * one year for a parent with SUB_SHOPS linked sub-shops (each read behind its own wall), and one page
 * of a sub-shop's stock, through the service (hooks, walls, SQL).
 */
export const runSubShopRollup = async (log: Log): Promise<Outcome> => {
  await withClient(ADMIN_URL, async (admin) => {
    await admin.query(`drop database if exists ${DB}`)
    await admin.query(`create database ${DB}`)
  })
  const db = await createDb({ databaseUrl: DB_URL, dataDir: 'unused', statementTimeoutMs: 0 })
  const config = loadConfig(
    {},
    { authSecret: 'bench-secret-bench-secret-bench-secret', logLevel: 'silent', databaseUrl: DB_URL, dataDir: 'unused' }
  )
  const app = await createApp(config, { db })
  try {
    await seed(app, log)
    const to = new Date().toISOString().slice(0, 10)
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)
    const summary = () =>
      app.app.service('subShops/summary').find({ query: { shop: PARENT, from, to } }) as Promise<SubShopRollup>
    const answer = await summary()
    if (answer.data.length !== SUB_SHOPS || answer.data.some((row) => !row.sales))
      throw new Error(`the roll-up answered ${answer.data.length} sub-shops`)
    const rollup = await timed(summary)
    const entry = answer.data[0]._id
    const page = await timed(() =>
      app.app.service('subShops/stocks').find({ query: { shop: PARENT, subShop: entry, $skip: 1000, $limit: 25 } })
    )
    log(
      `  summary: ${JSON.stringify(rollup)} ms; stock page: ${JSON.stringify(page)} ms; rowSecurity ${app.context.records.rowSecurity}`
    )
    const figures: Figure[] = [
      {
        name: `PostgreSQL: subShops/summary, ${SUB_SHOPS} sub-shops, 1 year (of ${DAYS} days), ${PRODUCTS * WAREHOUSES} stock rows each`,
        measured: `p50 ${rollup.p50} ms, p95 ${rollup.p95} ms`
      },
      { name: 'PostgreSQL: subShops/stocks, one page of 25 at offset 1000', measured: `p50 ${page.p50} ms, p95 ${page.p95} ms` }
    ]
    return { workload: 'sub-shop roll-up', figures, raw: { rollup, page, subShops: SUB_SHOPS, products: PRODUCTS } }
  } finally {
    await app.close()
    await db.close()
  }
}
