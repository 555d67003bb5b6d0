import type pg from 'pg'
import type { BenchShop } from './bench-shop'

export const SEED_ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000)
/** Three years of trade, up to the day this figure was first recorded (Hong Kong midnight). */
export const SEED_FROM = '2023-11-24T16:00:00Z'
export const SEED_DAYS = 1096

/**
 * What the orders are, in SQL on integers only, so every run builds the same rows: order i (1…N) is
 * placed on day 1096·(√(1 + 3i/N) − 1) — trade grows linearly, from ~600 orders a day to ~1,200 —
 * between 10:00 and 22:00 Hong Kong time, in id order, so `orderId` (i, zero-padded as the default
 * `orderIdList` does) follows the date and the rows lie in the table in date order, as appended.
 * Status: 78 % done, 12 % paid, 1 % each prepare, collect, shipped and received, 2 % each unpaid,
 * refunded and void. Source: 60 % pos, 30 % eshop (with a customer and, once shipped, shipping),
 * 8 % admin, 2 % app. Money follows decision 0078: total = subtotal; `amount` is what was paid (0 when
 * unpaid or void, 0 after a full refund, with `refund` the total).
 *
 * Lines: 1–5 of the shop's products, 1–3 units each, with name, price, total, warehouse, reservation
 * and `returned` as the service writes them. Building that JSON per row took half the insert's time,
 * so the 600 line lists there can be (first product × line count × unit pattern × refunded) are built
 * once and joined: reservation ids repeat across orders, which nothing reading a list can tell.
 */
export const ordersSql = `
with combos as (
  select c.key, jsonb_agg(jsonb_build_object('product', ($5::text[])[1 + x.k], 'sku', '',
      'name', jsonb_build_object('en', 'Bench product ' || x.k), 'price', ($6::int[])[1 + x.k], 'quantity', x.q,
      'total', ($6::int[])[1 + x.k] * x.q, 'warehouse', $3::text,
      'reservation', 'c0c0' || lpad(to_hex(c.key * 8 + x.n), 20, '0'), 'returned', x.q * (c.key % 2)) order by x.n) as lines,
    sum(($6::int[])[1 + x.k] * x.q)::bigint as sum
  from generate_series(0, cardinality($5::text[]) * 30 - 1) as c(key)
  cross join lateral (
    select n, (c.key / 30 + n * 7) % cardinality($5::text[]) as k, 1 + ((c.key / 2) % 3 + n) % 3 as q
    from generate_series(1, 1 + (c.key / 6) % 5) as n) x
  group by c.key
)
insert into orders (_id, "createdAt", "updatedAt", shop, "orderId", date, customer, admin, source, status, warehouse,
  products, subtotal, discount, rounding, total, amount, refund, methods, ship)
select
  lpad(to_hex(extract(epoch from o.d)::bigint), 8, '0') || 'b0b0' || lpad(to_hex(o.i), 12, '0'),
  o.d, o.d, $1, case when o.i < 100000 then lpad(o.i::text, 6, '0') else o.i::text end, o.d,
  case when o.src = 'eshop' then jsonb_build_object('name', 'Customer ' || (o.i % 9973), 'phone', '9' || lpad((o.i % 9973)::text, 7, '0')) end,
  case when o.src in ('pos', 'admin') then $2 end,
  o.src, o.st, $3, c.lines, c.sum, 0, 0, c.sum,
  case when o.st in ('unpaid', 'void', 'refunded') then 0 else c.sum end,
  case when o.st = 'refunded' then c.sum else 0 end,
  case when o.st in ('unpaid', 'void') then '[]'::jsonb when o.src = 'eshop' then '["stripe"]'::jsonb else '["cash"]'::jsonb end,
  case when o.src = 'eshop' and o.st in ('shipped', 'received', 'done') then
    jsonb_build_object('company', 'SF Express', 'tracking', 'SF' || lpad(o.i::text, 10, '0')) end
from (
  select i, st, src, d,
    ((((h / 10000) % cardinality($5::text[])) * 5 + (h / 100000) % 5) * 3 + (h / 1000) % 3) * 2
      + case when st = 'refunded' then 1 else 0 end as key
  from (
    select i, h, p.d,
      case when h % 100 < 78 then 'done' when h % 100 < 90 then 'paid' when h % 100 = 90 then 'prepare'
        when h % 100 = 91 then 'collect' when h % 100 = 92 then 'shipped' when h % 100 = 93 then 'received'
        when h % 100 < 96 then 'unpaid' when h % 100 < 98 then 'refunded' else 'void' end as st,
      case when (h / 100) % 100 < 60 then 'pos' when (h / 100) % 100 < 90 then 'eshop'
        when (h / 100) % 100 < 98 then 'admin' else 'app' end as src
    from generate_series(1, $4::int) as i
    cross join lateral (select mod(i::bigint * 2654435761, 4294967291) as h) hash
    cross join lateral (select ${SEED_DAYS - 0.001} * (sqrt(1 + 3 * i::float8 / $4) - 1) as pos) day
    cross join lateral (select timestamptz '${SEED_FROM}' + floor(day.pos) * interval '1 day'
      + interval '10 hours' + (day.pos - floor(day.pos)) * interval '12 hours' as d) p
  ) s
) o
join combos c on c.key = o.key`

export const seedParams = (shop: BenchShop, admin: string, count = SEED_ORDERS) => [
  shop.shop,
  admin,
  shop.warehouse,
  count,
  shop.products,
  shop.prices
]

export interface SeedTimes {
  rows: number
  dropIndexesSeconds: number
  insertSeconds: number
  indexSeconds: number
  vacuumSeconds: number
}

const seconds = (from: number) => Number(((performance.now() - from) / 1000).toFixed(1))

/**
 * One INSERT … SELECT, with the table's secondary indexes dropped first and built again from their
 * own definitions afterwards (faster than maintaining seven indexes row by row), then VACUUM ANALYZE
 * so counts can use index-only scans as on a settled table. The primary key and the unique order id
 * stay throughout. Foreign keys are not checked row by row (the shop exists; the bench is superuser).
 */
export const seedOrders = async (db: pg.Client, params: unknown[]): Promise<SeedTimes> => {
  let started = performance.now()
  const { rows: indexes } = await db.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
     where i.tablename = 'orders' and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`
  )
  for (const index of indexes) await db.query(`drop index "${index.name}"`)
  const dropIndexesSeconds = seconds(started)
  started = performance.now()
  await db.query('set session_replication_role = replica')
  const { rowCount } = await db.query(ordersSql, params)
  await db.query('set session_replication_role = origin')
  // The shop's counter stands where its orders end, as it would: the next order is N + 1.
  await db.query(
    `insert into "orderSequences" (shop, period, current) values ($1, '', $2)
     on conflict (shop, period) do update set current = excluded.current`,
    [params[0], rowCount ?? 0]
  )
  const insertSeconds = seconds(started)
  started = performance.now()
  for (const index of indexes) await db.query(index.definition)
  const indexSeconds = seconds(started)
  started = performance.now()
  await db.query('vacuum analyze orders')
  return { rows: rowCount ?? 0, dropIndexesSeconds, insertSeconds, indexSeconds, vacuumSeconds: seconds(started) }
}
