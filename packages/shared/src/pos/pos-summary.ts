import type { SummaryGroupBy } from '../orders/sales'

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
  /** The group's key (summaryGroupBy), in the shop's time zone. */
  key: string
  orders: number
  subtotal: number
  discount: number
  total: number
  refunded: number
}

export interface PosSummary {
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
