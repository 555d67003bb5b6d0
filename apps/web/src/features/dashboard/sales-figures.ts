import type { SalesSummary } from '@emporia/shared'
import { addDays, type SalesRange } from '../../lib/sales-summary'

/** Days the panel's bars show, today last. */
export const SALES_PANEL_DAYS = 14

/** One summary call gives today, this month and the bars: every day from the earlier of the month's start and 13 days ago. */
export const salesPanelRange = (today: string): SalesRange => {
  const monthStart = `${today.slice(0, 8)}01`
  const barsStart = addDays(today, 1 - SALES_PANEL_DAYS)
  return { groupBy: 'yearMonthDate', by: 'total', fromDate: monthStart < barsStart ? monthStart : barsStart, toDate: today }
}

/** Today's and this month's sales from the days of the summary (keys YYYY-MM-DD). */
export const salesFigures = (summary: SalesSummary | undefined, today: string) => {
  const rows = summary?.rows ?? []
  const sum = (keep: (key: string) => boolean) =>
    rows
      .filter((row) => keep(String(row.key)))
      .reduce((total, row) => ({ amount: total.amount + row.amount, orders: total.orders + row.orders }), {
        amount: 0,
        orders: 0
      })
  const days = Array.from({ length: SALES_PANEL_DAYS }, (_, i) => addDays(today, i + 1 - SALES_PANEL_DAYS))
  return {
    today: sum((key) => key === today),
    month: sum((key) => key.startsWith(today.slice(0, 8))),
    bars: days.map((day) => ({ day, amount: rows.find((row) => row.key === day)?.amount ?? 0 }))
  }
}
