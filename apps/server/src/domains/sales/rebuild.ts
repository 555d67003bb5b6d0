import type { Knex } from 'knex'
import { ROLLUP_LOCK, shopZoneSql, zoneOr } from './shop-zone'

/**
 * The sales and refunds of a shop as addSale receives them (sale-entries.ts), in SQL: an order that
 * became paid counts once, at the latest date of the payments that took its money (a free order, with
 * none, at its own date); each refund record
 * (negative, naming what it gives back) counts at its own date. Amounts are split over lines by the
 * same cumulative floors as `allocate`, so a rebuild gives the cents the incremental path gave.
 */
const ENTRIES = `
  taking as (
    select "order", method, "extraMethod", amount, date from payments
     where shop = :shop and amount > 0 and "refundOf" is null and status in ('paid', 'refunded')
  ),
  paid as (select "order", sum(amount) as amount, max(date) as at from taking group by "order"),
  sold as (
    select o._id as ord, coalesce(p.amount, 0) as amount, coalesce(p.at, o.date) as at
      from orders o left join paid p on p."order" = o._id
     where o.shop = :shop and o.status not in ('unpaid', 'void')
  ),
  entries as (
    select 'o' || ord as eid, ord, date_trunc('hour', at at time zone :zone) as at, 1 as orders,
           amount::numeric as amount, null::text as method
      from sold
    union all
    select 'r' || r._id, r."order", date_trunc('hour', r.date at time zone :zone), 0, r.amount::numeric,
           case when r.method = 'pos' and coalesce(r."extraMethod", '') <> '' then 'pos:' || r."extraMethod" else r.method end
      from payments r join sold s on s.ord = r."order"
     where r.shop = :shop and r."refundOf" is not null and r.amount < 0
  ),
  lines as (
    select e.eid, e.at, e.orders, e.amount, l.n, l.line ->> 'product' as product,
           greatest(coalesce((l.line ->> 'total')::numeric, 0), 0) as w,
           case when e.orders = 1 then (l.line ->> 'quantity')::numeric else 0 end as q
      from entries e join orders o on o._id = e.ord
     cross join lateral jsonb_array_elements(o.products) with ordinality as l(line, n)
  ),
  weighed as (
    select *, sum(w) over (partition by eid) as total_w, count(*) over (partition by eid) as lines_n,
           sum(w) over (partition by eid order by n) as upto_w
      from lines
  ),
  parts as (
    select eid, at, orders, product, q, sign(amount) * (
             floor(abs(amount) * (case when total_w > 0 then upto_w else n end) / (case when total_w > 0 then total_w else lines_n end))
           - floor(abs(amount) * (case when total_w > 0 then upto_w - w else n - 1 end) / (case when total_w > 0 then total_w else lines_n end))
           ) as amount
      from weighed
  ),
  product_categories as (
    select p._id as product, c.category
      from products p
     cross join lateral (
       select p.category::text as category
        union
       select jsonb_array_elements_text(coalesce(p.categories, '[]'::jsonb))
     ) c
     where c.category is not null and p._id in (select distinct product from lines)
  )`

const ROWS = `
  select 'total' as dim, e.at, '' as key, e.amount, e.orders, coalesce(l.quantity, 0) as quantity
    from (select at, sum(amount) as amount, sum(orders) as orders from entries group by at) e
    left join (select at, sum(q) as quantity from lines group by at) l on l.at = e.at
  union all
  select 'method', m.at, m.key, sum(m.amount), count(distinct case when m.orders = 1 then m.eid end), 0
    from (
      select e.eid, e.at, e.orders, t.amount,
             case when t.method = 'pos' and coalesce(t."extraMethod", '') <> '' then 'pos:' || t."extraMethod" else t.method end as key
        from taking t join entries e on e.ord = t."order" and e.orders = 1
      union all
      select eid, at, orders, amount, method from entries where orders = 0
    ) m
   group by m.at, m.key
  union all
  select 'category', c.at, c.key, sum(c.amount), count(distinct case when c.orders = 1 then c.eid end), sum(c.q)
    from (
      select p.eid, p.at, p.orders, p.q, p.amount, coalesce(pc.category, '') as key
        from parts p left join product_categories pc on pc.product = p.product
    ) c
   group by c.at, c.key`

/** A day's 24 hourly sums of a column of `hours`, as the array the rollup keeps. */
const hourly = (column: string, type: string) =>
  `array[${Array.from({ length: 24 }, (_, h) => `coalesce(sum(${column}) filter (where extract(hour from at) = ${h}), 0)`).join(', ')}]::${type}[]`

/** Named bindings (:shop, :zone) as positional ones: knex's own would read the casts (`::numeric`) as names. */
const bound = (sql: string, values: Record<string, string>) => {
  const bindings: string[] = []
  const text = sql.replace(/(?<!:):(\w+)\b/g, (_, name: string) => {
    bindings.push(values[name])
    return '?'
  })
  return { text, bindings }
}

/**
 * Recomputes a shop's rollup from its orders and payments (decision 0082): after a repair, a change
 * of the shop's time zone, or to load history. One transaction as the owner connection, every
 * statement bound to the shop (as the inventory rebuild, 0020); sales arriving meanwhile wait for it.
 */
export const rebuildSales = async (knex: Knex, shop: string): Promise<void> => {
  await knex.transaction(async (trx) => {
    const { rows } = (await trx.raw(`select ${shopZoneSql} as zone`, [shop])) as { rows: { zone: string | null }[] }
    const zone = zoneOr(rows[0]?.zone)
    // Sales in flight finish first and new ones wait (addSale takes the lock shared), so none is lost or counted twice.
    await trx.raw(`select pg_advisory_xact_lock(${ROLLUP_LOCK}, hashtext(?))`, [shop])
    await trx('salesRollup').where({ shop }).delete()
    const { text, bindings } = bound(
      `insert into "salesRollup" (shop, dim, day, key, slot, amount, orders, quantity, "hourAmount", "hourOrders", "hourQuantity")
       with ${ENTRIES}, hours as (${ROWS})
       select :shop, dim, at::date, key, 0, sum(amount), sum(orders), sum(quantity),
              ${hourly('amount', 'bigint')}, ${hourly('orders', 'integer')}, ${hourly('quantity', 'numeric')}
         from hours group by dim, at::date, key`,
      { shop, zone }
    )
    await trx.raw(text, bindings)
  })
}
