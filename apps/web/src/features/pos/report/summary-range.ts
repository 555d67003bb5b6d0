import { posSummaryQueryProblem, type PosSummary, type PosSummaryQuery, type SummaryGroupBy } from '@emporia/shared'
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

/**
 * A problem with the range, as a message key and its values; the report is not asked for until it is
 * fixed. A half-typed date is the form's; the rest is the server's own rule (order, 31 days at most).
 */
export const rangeProblem = (range: SummaryRange): { key: string; values?: Record<string, number> } | undefined => {
  if (!DATE_RE.test(range.fromDate) || !DATE_RE.test(range.toDate)) return { key: 'posReport.badDate' }
  if (range.toDate < range.fromDate) return { key: 'posReport.toBeforeFrom' }
  const problem = posSummaryQueryProblem({ ...summaryRequest(range, ''), shop: undefined })
  return problem ? { key: problem.key, values: problem.values } : undefined
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
