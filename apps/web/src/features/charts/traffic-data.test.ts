import { describe, expect, it } from 'vitest'
import type { SalesSummary, StoreVisitsReport } from '@emporia/shared'
import { trafficData } from './traffic-data'

const visits = (days: StoreVisitsReport['days']): StoreVisitsReport => ({
  shop: 's',
  from: '2026-11-01',
  to: '2026-11-03',
  total: days.reduce((sum, day) => sum + day.visits, 0),
  days,
  referrers: [],
  landings: [],
  campaigns: []
})
const sales = (rows: { key: string; orders: number }[]): SalesSummary => ({
  shop: 's',
  groupBy: 'yearMonthDate',
  by: 'total',
  timeZone: 'Asia/Hong_Kong',
  from: '2026-11-01',
  to: '2026-11-04',
  rows: rows.map((row) => ({ ...row, amount: 100 * row.orders })),
  totals: { amount: 0, orders: 0 }
})

describe('trafficData', () => {
  it('lines visits and orders up on every day of the range, zero where either has none', () => {
    const data = trafficData(
      '2026-11-01',
      '2026-11-03',
      visits([
        { day: '2026-11-01', visits: 40 },
        { day: '2026-11-03', visits: 10 }
      ]),
      sales([
        { key: '2026-11-02', orders: 2 },
        { key: '2026-11-03', orders: 3 }
      ]),
      'en'
    )
    expect(data.visits).toEqual([40, 0, 10])
    expect(data.orders).toEqual([0, 2, 3])
    expect(data.labels).toHaveLength(3)
    expect(data.totals).toEqual({ visits: 50, orders: 5, rate: 10 })
  })

  it('gives no rate without visits', () => {
    const data = trafficData('2026-11-01', '2026-11-01', visits([]), sales([{ key: '2026-11-01', orders: 1 }]), 'cht')
    expect(data.totals).toEqual({ visits: 0, orders: 1, rate: undefined })
  })
})
