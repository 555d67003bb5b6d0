import type { SummaryDim, SummaryGroupBy } from '@emporia/shared'

/**
 * Each grouping as SQL over the rollup's local hour (`hour`, a timestamp without time zone), giving
 * the keys `bucketOf` gives (packages/shared/src/orders/sales.ts; the tests compare the two).
 */
export const bucketSql: Record<SummaryGroupBy, string> = {
  year: `extract(year from hour)::int`,
  yearMonth: `to_char(hour, 'YYYY-MM')`,
  month: `(extract(month from hour) - 1)::int`,
  date: `extract(day from hour)::int`,
  yearMonthDate: `to_char(hour, 'YYYY-MM-DD')`,
  hour: `extract(hour from hour)::int`,
  yearMonthDateHour: `to_char(hour, 'YYYY-MM-DD HH24:00')`,
  day: `extract(dow from hour)::int`
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
