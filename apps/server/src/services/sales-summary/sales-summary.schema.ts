import type { SummaryDim, SummaryGroupBy } from '@emporia/shared'

/**
 * Each grouping as SQL over a rollup row's local start (`at`, a timestamp without time zone), giving
 * the keys `bucketOf` gives (packages/shared/src/orders/sales.ts; the tests compare the two).
 */
export const bucketSql: Record<SummaryGroupBy, string> = {
  year: `extract(year from at)::int`,
  yearMonth: `to_char(at, 'YYYY-MM')`,
  month: `(extract(month from at) - 1)::int`,
  date: `extract(day from at)::int`,
  yearMonthDate: `to_char(at, 'YYYY-MM-DD')`,
  hour: `extract(hour from at)::int`,
  yearMonthDateHour: `to_char(at, 'YYYY-MM-DD HH24:00')`,
  day: `extract(dow from at)::int`
}

/** The query fields `sales/summary find` takes besides `shop`. */
export const summaryFields = ['groupBy', 'from', 'to', 'by'] as const

export interface SummaryRequest {
  shop: string
  groupBy: SummaryGroupBy
  from: string
  to: string
  by: SummaryDim
}
