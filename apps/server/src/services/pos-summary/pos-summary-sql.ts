import type { Knex } from 'knex'
import type { SummaryGroupBy } from '@emporia/shared'

/**
 * The POS summary's reads (decision 0096). Each is one statement over the period's rows of one shop,
 * bucketed in the shop's zone: `$L` is the moment as local time (`x at time zone zone`). The keys are
 * the ones `bucketOf` gives (packages/shared/src/orders/sales.ts; the tests compare the two).
 */
export const localBucketSql: Record<SummaryGroupBy, string> = {
  year: `extract(year from $L)::int::text`,
  yearMonth: `to_char($L, 'YYYY-MM')`,
  month: `(extract(month from $L) - 1)::int::text`,
  date: `extract(day from $L)::int::text`,
  yearMonthDate: `to_char($L, 'YYYY-MM-DD')`,
  hour: `extract(hour from $L)::int::text`,
  yearMonthDateHour: `to_char($L, 'YYYY-MM-DD HH24:00')`,
  day: `extract(dow from $L)::int::text`
}

/** What every read is bound to: the shop, its zone, the period [lo, hi) and the optional cashier. */
export interface Period {
  shop: string
  zone: string
  lo: Date
  hi: Date
  cashier: string | null
}

/** The bucket expression of a column, inline (a subquery per row measured twice as slow); binds the zone once. */
const bucket = (groupBy: SummaryGroupBy, column: string) =>
  localBucketSql[groupBy].replace('$L', `(${column} at time zone ?::text)`)

/** Orders that count as sales: taken at the till, not waiting for money and not voided. */
const COUNTED = `o.status not in ('unpaid', 'void')`

export interface OrderBucketRow {
  key: string
  orders: string | number
  subtotal: string | number | null
  discount: string | number | null
  rounding: string | number | null
  total: string | number | null
  voided: string | number
}

/** The till's orders of the period by bucket: sums of the counted ones, and the voided count. */
export const orderBuckets = async (trx: Knex.Transaction, groupBy: SummaryGroupBy, p: Period) =>
  (
    (await trx.raw(
      `select ${bucket(groupBy, 'o.date')} as key,
              count(*) filter (where ${COUNTED}) as orders,
              sum(o.subtotal) filter (where ${COUNTED}) as subtotal,
              sum(o.discount) filter (where ${COUNTED}) as discount,
              sum(o.rounding) filter (where ${COUNTED}) as rounding,
              sum(o.total) filter (where ${COUNTED}) as total,
              count(*) filter (where o.status = 'void') as voided
         from orders o
        where o.shop = ? and o.source = 'pos' and o.date >= ? and o.date < ? ${p.cashier ? 'and o.cashier = ?' : ''}
        group by 1`,
      [p.zone, p.shop, p.lo, p.hi, ...(p.cashier ? [p.cashier] : [])]
    )) as { rows: OrderBucketRow[] }
  ).rows

export interface PaymentBucketRow {
  key: string
  method: string
  count: string | number
  amount: string | number | null
  refunds: string | number
  refunded: string | number | null
}

/**
 * Money moved for the till's orders in the period, by bucket and method (`pos:<name>` for a shop's own
 * method): takings (positive, paid or since refunded) and refund records (negative, `refundOf` set),
 * each at its own date. A payment's cashier is the drawer; an older one without it counts for the order's.
 */
export const paymentBuckets = async (trx: Knex.Transaction, groupBy: SummaryGroupBy, p: Period) =>
  (
    (await trx.raw(
      `select ${bucket(groupBy, 'pm.date')} as key,
              case when pm.method = 'pos' and coalesce(pm."extraMethod", '') <> '' then 'pos:' || pm."extraMethod" else pm.method end as method,
              count(*) filter (where pm."refundOf" is null) as count,
              sum(pm.amount) filter (where pm."refundOf" is null) as amount,
              count(*) filter (where pm."refundOf" is not null) as refunds,
              -sum(pm.amount) filter (where pm."refundOf" is not null) as refunded
         from payments pm
         join orders o on o.shop = pm.shop and o._id = pm."order"
        where pm.shop = ? and pm.date >= ? and pm.date < ? and o.source = 'pos'
          and ((pm."refundOf" is null and pm.amount > 0 and pm.status in ('paid', 'refunded'))
               or (pm."refundOf" is not null and pm.status = 'refunded'))
          ${p.cashier ? 'and coalesce(pm.cashier, o.cashier) = ?' : ''}
        group by 1, 2`,
      [p.zone, p.shop, p.lo, p.hi, ...(p.cashier ? [p.cashier] : [])]
    )) as { rows: PaymentBucketRow[] }
  ).rows

export interface ProductLineRow {
  product: string
  quantity: string
  amount: string | number
  categories: string[] | string | null
  category: string | null
}

/**
 * Units and amounts sold per product in the counted orders of the period: a line's amount is its total
 * less its own discount from the pricing (order-wide adjustments are not spread over lines). Quantities
 * are summed as numeric and read back as text, so thousandths stay exact. The product's categories are
 * read as they are now.
 */
export const productLines = async (trx: Knex.Transaction, p: Period) =>
  (
    (await trx.raw(
      `with lines as (
         select l.line ->> 'product' as product,
                sum((l.line ->> 'quantity')::numeric) as quantity,
                sum(coalesce((l.line ->> 'total')::bigint, 0) - coalesce((o.pricing -> 'lines' -> (l.i::int - 1) ->> 'discount')::bigint, 0)) as amount
           from orders o, jsonb_array_elements(o.products) with ordinality as l(line, i)
          where o.shop = ? and o.source = 'pos' and o.date >= ? and o.date < ? and ${COUNTED}
                ${p.cashier ? 'and o.cashier = ?' : ''}
          group by 1
       )
       select lines.product, lines.quantity::text as quantity, lines.amount, pr.categories, pr.category
         from lines left join products pr on pr.shop = ? and pr._id = lines.product`,
      [p.shop, p.lo, p.hi, ...(p.cashier ? [p.cashier] : []), p.shop]
    )) as { rows: ProductLineRow[] }
  ).rows

export interface CashRow {
  type: string
  amount: string | number
  diff: string | number | null
  date: Date | string
}

/** The valid cash checks of the period, oldest first (cancelled ones no longer count, decision 0081). */
export const cashChecks = async (trx: Knex.Transaction, p: Period) =>
  (await trx('cashboxLogs')
    .where({ shop: p.shop })
    .where('date', '>=', p.lo)
    .where('date', '<', p.hi)
    .where((q) => q.whereNull('status').orWhere('status', 'valid'))
    .modify((q) => (p.cashier ? q.where({ cashier: p.cashier }) : q))
    .orderBy('date')
    .orderBy('_id')
    .select('type', 'amount', 'diff', 'date')) as CashRow[]

/** The period's bounds: a date is the local midnight of the shop's zone, anything else the moment it names. */
export const bounds = async (trx: Knex.Transaction, zone: string, from: string, to: string) => {
  const at = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `(?::timestamp at time zone ?::text)` : `?::timestamptz`)
  const bind = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? [value, zone] : [value])
  const { rows } = (await trx.raw(`select ${at(from)} as lo, ${at(to)} as hi`, [...bind(from), ...bind(to)])) as {
    rows: { lo: Date | string; hi: Date | string }[]
  }
  return { lo: new Date(rows[0].lo), hi: new Date(rows[0].hi) }
}
