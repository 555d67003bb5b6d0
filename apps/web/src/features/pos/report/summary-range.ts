import type { PosSummary, PosSummaryQuery, SummaryGroupBy } from '@emporia/shared'
import { addDays } from '../../../lib/sales-summary'

/*
 * The summary report's request (decision 0099): dates are the shop's local days, `to` included on
 * screen; the service takes `to` excluded, as the sales summary does (decision 0082), so it gets the day
 * after. A day's report grouped by hour, a longer one by date.
 */

export interface SummaryRange {
  fromDate: string
  toDate: string
  groupBy: SummaryGroupBy
  cashier?: string
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/

/** Today's report in the shop's zone: the "Z" a cashier prints at closing. */
export const defaultRange = (today: string, cashier?: string): SummaryRange => ({
  fromDate: today,
  toDate: today,
  groupBy: 'hour',
  ...(cashier ? { cashier } : {})
})

/** A problem with the dates, as a message key; the report is not asked for until it is fixed. */
export const rangeProblem = (range: SummaryRange): 'posReport.badDate' | 'posReport.toBeforeFrom' | undefined => {
  if (!DATE_RE.test(range.fromDate) || !DATE_RE.test(range.toDate)) return 'posReport.badDate'
  return range.toDate < range.fromDate ? 'posReport.toBeforeFrom' : undefined
}

export const summaryRequest = (range: SummaryRange, shop: string): PosSummaryQuery => ({
  shop,
  from: range.fromDate,
  to: addDays(range.toDate, 1),
  groupBy: range.groupBy,
  ...(range.cashier ? { cashier: range.cashier } : {})
})

/** Nothing happened in the period: no order, no cash movement, no payment. */
export const isEmptySummary = (summary: PosSummary) =>
  summary.basic.orders === 0 &&
  summary.basic.refunded === 0 &&
  summary.cash.every((row) => row.count === 0) &&
  summary.payment.length === 0 &&
  summary.order.length === 0
