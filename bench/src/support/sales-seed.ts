import type { Knex } from 'knex'
import { rebuildSales } from '../../../apps/server/src/domains/sales/rollup'

/** The measured shop, kept between runs with its orders. */
export const SALES_SHOP = 'c0c0c0c0c0c0c0c0c0c0c0c0'
/** The warehouse a freshness order takes its goods from. */
export const SALES_WAREHOUSE = 'c6c6c6c6c6c6c6c6c6c6c6c6'
export const CATEGORIES = 12
export const PRODUCTS = 60
/** Days the orders are spread over, ending when they were seeded. */
export const SPAN_DAYS = 3 * 365

export interface SalesSeed {
  reused: boolean
  orders: number
  /** The newest order's moment: ranges are read back from it. */
  end: string
  seconds?: { orders: number; payments: number; rebuild: number }
  rollupRows: number
}

const hex = (prefix: string, i: string) => `'${prefix}' || lpad(to_hex(${i}), 22, '0')`

/**
 * One shop with `orders` paid orders over three years, made in SQL (generate_series) the way the orders
 * service leaves them: two lines each over 60 products in 12 categories (every fifth product in two),
 * one payment each by cash, card, bank transfer or the shop's own POS method, and a refund of every
 * 50th. Then rebuildSales, as a shop's history is loaded in production.
 */
export const ensureSales = async (knex: Knex, orders: number, users: string, log: (line: string) => void): Promise<SalesSeed> => {
  await knex.raw(
    `insert into shops ("_id", "name", "subdomain", "validUtil", "users") values (?, '"Sales"', 'bench-sales', now() + interval '30 days', ?)
     on conflict ("_id") do update set "users" = excluded."users"`,
    [SALES_SHOP, users]
  )
  const counted = (await knex.raw(`select count(*)::int as n, max(date) as end from orders where shop = ?`, [SALES_SHOP])) as {
    rows: { n: number; end: string | null }[]
  }
  const rows = async () =>
    ((await knex.raw(`select count(*)::int as n from "salesRollup" where shop = ?`, [SALES_SHOP])) as { rows: { n: number }[] })
      .rows[0].n
  if (counted.rows[0].n === orders && process.env.BENCH_SALES_RESEED !== '1')
    return { reused: true, orders, end: new Date(counted.rows[0].end!).toISOString(), rollupRows: await rows() }

  for (const table of [
    'salesRollup',
    'orderHistory',
    'stockReservations',
    'payments',
    'orders',
    'products',
    'categories',
    'warehouses'
  ])
    await knex(table).where({ shop: SALES_SHOP }).delete()
  await knex.raw(`insert into warehouses ("_id", shop, name) values (?, ?, '"Main"')`, [SALES_WAREHOUSE, SALES_SHOP])
  await knex.raw(
    `insert into categories ("_id", shop, name) select ${hex('c1', 'i')}, ?, to_jsonb('Category ' || i) from generate_series(1, ?::int) i`,
    [SALES_SHOP, CATEGORIES]
  )
  await knex.raw(
    `insert into products ("_id", shop, name, price, "allowOutOfStock", category, categories)
     select ${hex('c2', 'i')}, ?, to_jsonb('Product ' || i), 100 * i, true, ${hex('c1', '1 + i % ?::int')},
            case when i % 5 = 0 then jsonb_build_array(${hex('c1', '1 + (i + 1) % ?::int')}) else null end
       from generate_series(1, ?::int) i`,
    [SALES_SHOP, CATEGORIES, CATEGORIES, PRODUCTS]
  )
  const end = new Date()
  const step = (SPAN_DAYS * 86_400) / orders
  let started = performance.now()
  // Line k of order i: product 1 + (i·7 + k·13) mod 60, 1–3 units at the product's price.
  const line = (k: number) =>
    `jsonb_build_object('product', ${hex('c2', `1 + (i * 7 + ${k * 13}) % ${PRODUCTS}`)}, 'quantity', 1 + (i + ${k}) % 3,
       'price', 100 * (1 + (i * 7 + ${k * 13}) % ${PRODUCTS}), 'total', (1 + (i + ${k}) % 3) * 100 * (1 + (i * 7 + ${k * 13}) % ${PRODUCTS}))`
  const total = (k: number) => `(1 + (i + ${k}) % 3) * 100 * (1 + (i * 7 + ${k * 13}) % ${PRODUCTS})`
  await knex.raw(
    `insert into orders ("_id", shop, "orderId", date, source, status, products, subtotal, total, amount)
     select ${hex('c3', 'i')}, ?, lpad(i::text, 8, '0'), ?::timestamptz - make_interval(secs => i * ?::float8), 'pos', 'done',
            jsonb_build_array(${line(0)}, ${line(1)}), ${total(0)} + ${total(1)}, ${total(0)} + ${total(1)}, ${total(0)} + ${total(1)}
       from generate_series(1, ?::int) i`,
    [SALES_SHOP, end.toISOString(), step, orders]
  )
  const ordersSeconds = (performance.now() - started) / 1000
  started = performance.now()
  await knex.raw(
    `insert into payments ("_id", shop, "tranID", "order", "orderId", method, "extraMethod", amount, status, date)
     select ${hex('c4', 'o.i')}, ?, ${hex('c4', 'o.i')}, o._id, o."orderId",
            (array['cash', 'credit', 'bank', 'pos'])[1 + o.i % 4], case when o.i % 4 = 3 then 'Octopus' end, o.total, 'paid', o.date
       from (select _id, "orderId", total, date, "orderId"::bigint as i from orders where shop = ?) o`,
    [SALES_SHOP, SALES_SHOP]
  )
  await knex.raw(
    `insert into payments ("_id", shop, "tranID", "order", "orderId", method, amount, status, date, "refundOf")
     select ${hex('c5', 'p.i')}, ?, ${hex('c5', 'p.i')}, p."order", p."orderId", p.method, -least(p.amount, 500), 'refunded',
            p.date + interval '1 day', p._id
       from (select *, "orderId"::bigint as i from payments where shop = ? and "refundOf" is null) p
      where p.i % 50 = 0`,
    [SALES_SHOP, SALES_SHOP]
  )
  await knex.raw('analyze orders')
  await knex.raw('analyze payments')
  const paymentsSeconds = (performance.now() - started) / 1000
  log(`  seeded ${orders} orders in ${ordersSeconds.toFixed(1)} s, their payments in ${paymentsSeconds.toFixed(1)} s`)
  started = performance.now()
  await rebuildSales(knex, SALES_SHOP)
  await knex.raw('vacuum analyze "salesRollup"')
  const rebuild = (performance.now() - started) / 1000
  const rollupRows = await rows()
  log(`  rebuildSales: ${rebuild.toFixed(1)} s, ${rollupRows} rollup rows`)
  return {
    reused: false,
    orders,
    end: end.toISOString(),
    seconds: { orders: ordersSeconds, payments: paymentsSeconds, rebuild },
    rollupRows
  }
}
