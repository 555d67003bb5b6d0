import { describe, expect, it } from 'vitest'
import type { SalesSummary } from '@emporia/shared'
import { SALES_PANEL_DAYS, salesFigures, salesPanelRange } from './sales-figures'

describe('the dashboard’s sales figures', () => {
  it('asks once for the month so far and the last two weeks', () => {
    expect(salesPanelRange('2026-11-25')).toMatchObject({
      groupBy: 'yearMonthDate',
      fromDate: '2026-11-01',
      toDate: '2026-11-25'
    })
    expect(salesPanelRange('2026-11-03')).toMatchObject({ fromDate: '2026-10-21', toDate: '2026-11-03' })
  })

  it('sums today and this month, and gives a bar for each of the last days', () => {
    const rows = [
      { key: '2026-10-31', amount: 700, orders: 1 },
      { key: '2026-11-01', amount: 100, orders: 1 },
      { key: '2026-11-03', amount: 250, orders: 2 }
    ]
    const figures = salesFigures({ rows } as SalesSummary, '2026-11-03')
    expect(figures.today).toEqual({ amount: 250, orders: 2 })
    expect(figures.month).toEqual({ amount: 350, orders: 3 })
    expect(figures.bars).toHaveLength(SALES_PANEL_DAYS)
    expect(figures.bars.at(-1)).toEqual({ day: '2026-11-03', amount: 250 })
    expect(figures.bars.find((bar) => bar.day === '2026-10-31')?.amount).toBe(700)
    expect(salesFigures(undefined, '2026-11-03').today).toEqual({ amount: 0, orders: 0 })
  })
})
