import { ID_PATTERN } from '../platform/ids'
import { summaryQueryProblem, type SummaryGroupBy } from '../orders/sales'

/*
 * The POS summary ("Z") report (spec §2.13, decision 0094): `pos/summary find {shop, from, to, groupBy,
 * cashier?}`. Money in cents. Sections: order, cash, payment, category, basic.
 */

export const cashSummaryTypes = ['deposit', 'cashOut', 'startCheck', 'middleCheck', 'lastCheck'] as const
export type CashSummaryType = (typeof cashSummaryTypes)[number]

export interface PosSummaryQuery {
  shop: string
  from: string
  to: string
  groupBy: SummaryGroupBy
  cashier?: string
}

export interface PosSummaryOrderRow {
  /** The group's key (summaryGroupBy, as `bucketOf` gives it, always as text: '2026-11-25', '14'), in the shop's time zone. */
  key: string
  orders: number
  subtotal: number
  discount: number
  total: number
  refunded: number
}

export interface PosSummary {
  /** The shop whose figures these are. */
  shop: string
  /** The cashier the report was limited to, if any. */
  cashier?: string | null
  from: string
  to: string
  groupBy: SummaryGroupBy
  timeZone: string
  order: PosSummaryOrderRow[]
  /** Cash check records of the period by type (deposit = in, cashOut = out, start/middle/last = counts). */
  cash: {
    type: CashSummaryType
    count: number
    amount: number
    details: { date: string; amount: number; diff?: number | null }[]
  }[]
  payment: { method: string; count: number; amount: number; refunded: number }[]
  category: { category: string; name?: unknown; quantity: number; amount: number }[]
  /** Refunded amounts are positive cents given back in the period; `net` = total − refunded. */
  basic: {
    orders: number
    items: number
    subtotal: number
    discount: number
    rounding: number
    total: number
    refunded: number
    net: number
    average: number
    voided: number
  }
}

/** The query fields `pos/summary find` takes besides `shop`. */
export const posSummaryFields = ['groupBy', 'from', 'to', 'cashier'] as const

/**
 * The longest range one report may cover, in days: a shift, a day, a week or a month. The report reads
 * the orders themselves; longer ranges are the charts' (sales/summary reads the rollup, decision 0082).
 */
export const POS_SUMMARY_MAX_DAYS = 31

const DAY_MS = 86_400_000

/**
 * Why a POS summary query is refused (field and message key), or null: the sales summary's rules
 * (groupBy, dates, order), an optional cashier id, and a shorter range than the charts' — the report
 * reads the orders themselves, not the rollup: a month at most.
 */
export const posSummaryQueryProblem = (
  query: Record<string, unknown>
): { field: string; key: string; values?: Record<string, number> } | null => {
  const { cashier, ...rest } = query
  const problem = summaryQueryProblem({ ...rest, by: undefined })
  if (problem) return problem.key === 'sales.rangeOrder' ? { field: 'to', key: 'pos.summary.rangeOrder' } : problem
  if (
    cashier !== undefined &&
    cashier !== null &&
    cashier !== '' &&
    (typeof cashier !== 'string' || !new RegExp(ID_PATTERN).test(cashier))
  )
    return { field: 'cashier', key: 'format.invalid' }
  const days = (Date.parse(String(query.to)) - Date.parse(String(query.from))) / DAY_MS
  if (days > POS_SUMMARY_MAX_DAYS) return { field: 'to', key: 'pos.summary.rangeTooLong', values: { days: POS_SUMMARY_MAX_DAYS } }
  return null
}
