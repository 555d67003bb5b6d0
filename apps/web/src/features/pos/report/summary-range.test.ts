import { describe, expect, it } from 'vitest'
import type { PosSummary } from '@emporia/shared'
import { defaultRange, isEmptySummary, rangeProblem, summaryRequest } from './summary-range'

const shop = 'a'.repeat(24)

describe('POS summary request (decision 0099)', () => {
  it('asks for the shop day by hour by default, the end day included', () => {
    expect(summaryRequest(defaultRange('2026-11-26'), shop)).toEqual({
      shop,
      from: '2026-11-26',
      to: '2026-11-27',
      groupBy: 'hour'
    })
    // Across a month's end, by the calendar.
    expect(
      summaryRequest({ fromDate: '2026-11-01', toDate: '2026-11-30', groupBy: 'yearMonthDate', cashier: 'c1' }, shop)
    ).toEqual({
      shop,
      from: '2026-11-01',
      to: '2026-12-01',
      groupBy: 'yearMonthDate',
      cashier: 'c1'
    })
  })

  it('refuses a range that ends before it starts, a date half typed, or more than the server answers', () => {
    expect(rangeProblem({ fromDate: '2026-11-26', toDate: '2026-11-25', groupBy: 'hour' })?.key).toBe('posReport.toBeforeFrom')
    expect(rangeProblem({ fromDate: '2026-11-2', toDate: '2026-11-25', groupBy: 'hour' })?.key).toBe('posReport.badDate')
    expect(rangeProblem(defaultRange('2026-11-26'))).toBeUndefined()
    // The server's limit (a month at most: 31 days, the last one included), said before asking.
    expect(rangeProblem({ fromDate: '2026-11-01', toDate: '2026-12-01', groupBy: 'yearMonthDate' })).toBeUndefined()
    expect(rangeProblem({ fromDate: '2026-11-01', toDate: '2026-12-02', groupBy: 'yearMonthDate' })).toEqual({
      key: 'pos.summary.rangeTooLong',
      values: { days: 31 }
    })
  })

  it('calls a period with no sale and no cash movement empty', () => {
    const basic = {
      orders: 0,
      items: 0,
      subtotal: 0,
      discount: 0,
      rounding: 0,
      total: 0,
      refunded: 0,
      net: 0,
      average: 0,
      voided: 0
    }
    const none: PosSummary = {
      shop,
      from: '',
      to: '',
      groupBy: 'hour',
      timeZone: 'UTC',
      order: [],
      cash: [],
      payment: [],
      category: [],
      basic
    }
    expect(isEmptySummary(none)).toBe(true)
    expect(isEmptySummary({ ...none, cash: [{ type: 'startCheck', count: 1, amount: 5000, details: [] }] })).toBe(false)
    expect(isEmptySummary({ ...none, basic: { ...basic, orders: 1 } })).toBe(false)
  })
})
