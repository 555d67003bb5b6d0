import { bucketsBetween, seriesOf, stampParts, type LocaleId, type SalesSummary, type StoreVisitsReport } from '@emporia/shared'
import { keyLabel } from '../../lib/format/date'

export interface TrafficData {
  labels: string[]
  visits: number[]
  orders: number[]
  totals: { visits: number; orders: number; /** Orders per 100 visits, one decimal; undefined without visits. */ rate?: number }
}

/**
 * Visits against orders per day of a range (decisions 0082, 0194): every day of the range, zero where
 * either has none. Visits are counted by UTC day, orders by the shop's day; near midnight they may
 * fall on neighbouring days, which a trend over weeks does not notice.
 */
export const trafficData = (
  fromDate: string,
  toDate: string,
  visits: StoreVisitsReport,
  sales: SalesSummary,
  locale: LocaleId
): TrafficData => {
  const keys =
    bucketsBetween('yearMonthDate', stampParts(`${fromDate} 00:00:00`), stampParts(`${toDate} 23:00:00`)) ??
    [...new Set([...visits.days.map((day) => day.day), ...sales.rows.map((row) => String(row.key))])].sort()
  const byDay = new Map(visits.days.map((day) => [day.day, day.visits]))
  const visitSeries = keys.map((key) => byDay.get(String(key)) ?? 0)
  const orders = seriesOf(sales.rows, keys, 'orders')
  const total = { visits: visitSeries.reduce((a, b) => a + b, 0), orders: orders.reduce((a, b) => a + b, 0) }
  return {
    labels: keys.map((key) => keyLabel('yearMonthDate', key, locale)),
    visits: visitSeries,
    orders,
    totals: { ...total, rate: total.visits ? Math.round((total.orders / total.visits) * 1000) / 10 : undefined }
  }
}
