import type { SummaryGroupBy } from '@emporia/shared'

/**
 * The SQL of a summary over the rollup (decision 0082): one row per shop, dimension, key, local day
 * and slot, with the day's sums and 24 hourly ones. `span` picks the days of the range and, on its
 * first and last day, the hours `lo`–`hi` (1-based, as PostgreSQL arrays count); a whole day reads
 * its sums, a partial one the sum of its hours. The keys are the ones `bucketOf` gives
 * (packages/shared/src/orders/sales.ts; the tests compare the two).
 */
export const dayBucketSql: Record<Exclude<SummaryGroupBy, 'hour' | 'yearMonthDateHour'>, string> = {
  year: `extract(year from day)::int`,
  yearMonth: `to_char(day, 'YYYY-MM')`,
  month: `(extract(month from day) - 1)::int`,
  date: `extract(day from day)::int`,
  yearMonthDate: `to_char(day, 'YYYY-MM-DD')`,
  day: `extract(dow from day)::int`
}

/** The range as days and hours: first day from hour h1, last day up to hour h2 (0–23). */
export interface Span {
  d1: string
  h1: number
  d2: string
  h2: number
}

export const spanOf = (first: string, last: string): Span => ({
  d1: first.slice(0, 10),
  h1: Number(first.slice(11, 13)),
  d2: last.slice(0, 10),
  h2: Number(last.slice(11, 13))
})

/** The rows of one dimension in the span, each with the hours it counts (`lo`–`hi`). */
export const spanRows = `
  span as (select ?::date as d1, ?::int as h1, ?::date as d2, ?::int as h2),
  rows as (
    select r.*, case when r.day = s.d1 then s.h1 else 0 end + 1 as lo, case when r.day = s.d2 then s.h2 else 23 end + 1 as hi
      from "salesRollup" r, span s
     where r.shop = ? and r.dim = ? and r.day between s.d1 and s.d2
  )`
export const spanBindings = (span: Span, shop: string, dim: string) => [span.d1, span.h1, span.d2, span.h2, shop, dim]

const part = (sum: string, hours: string) =>
  `case when lo = 1 and hi = 24 then ${sum} else (select coalesce(sum(x), 0) from unnest("${hours}"[lo:hi]) x) end`

/** Each row's sums over the hours it counts. */
export const daySums = `select day, key, ${part('amount', 'hourAmount')} as a, ${part('orders', 'hourOrders')} as o,
       ${part('quantity', 'hourQuantity')} as q from rows`

/** Each counted hour of each row, numbered 1–24. */
export const hourSums = `select r.day, r.key, u.h, u.a, u.o, u.q
  from rows r, unnest(r."hourAmount", r."hourOrders", r."hourQuantity") with ordinality as u(a, o, q, h)
 where u.h between r.lo and r.hi`

/** Buckets without a sale or refund in the counted hours are left out, as days without rows are. */
export const sums = `sum(a) as amount, sum(o)::bigint as orders, sum(q) as quantity`
export const nonEmpty = `having sum(o) <> 0 or sum(a) <> 0 or sum(q) <> 0`
