import { describe, expect, it } from 'vitest'
import type { SalesSummary } from '@emporia/shared'
import { addDays, shopToday, summaryQuery, type SalesRange } from '../../lib/sales-summary'
import { chartData, dimLabel, exportColumnsOf, keyLabel } from './chart-data'

const t = (key: string) => `<${key}>`
const summary = (by: SalesSummary['by'], rows: SalesSummary['rows'], names?: SalesSummary['names']): SalesSummary => ({
  shop: 'a'.repeat(24),
  groupBy: 'yearMonthDate',
  by,
  timeZone: 'Asia/Hong_Kong',
  from: '2026-11-24',
  to: '2026-11-27',
  rows,
  totals: { amount: rows.reduce((sum, row) => sum + row.amount, 0), orders: 0 },
  ...(names ? { names } : {})
})
const range: SalesRange = { groupBy: 'yearMonthDate', by: 'total', fromDate: '2026-11-24', toDate: '2026-11-26' }

describe('the range a chart asks for', () => {
  it('asks for local dates with the last one included, and counts days by the calendar', () => {
    expect(summaryQuery(range)).toEqual({ groupBy: 'yearMonthDate', by: 'total', from: '2026-11-24', to: '2026-11-27' })
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
  })

  it('takes today from the shop’s zone, Hong Kong when it has none', () => {
    const lateUtc = new Date('2026-11-24T23:30:00Z')
    expect(shopToday(undefined, lateUtc)).toBe('2026-11-25')
    expect(shopToday({ timeZone: 'America/New_York' }, lateUtc)).toBe('2026-11-24')
  })
})

describe('chart data', () => {
  it('draws every day of the range, the ones without sales as zero, amounts in dollars', () => {
    const data = chartData(range, summary('total', [{ key: '2026-11-25', amount: 12345, orders: 2 }]), 'en', t)
    expect(data.labels).toEqual(['2026-11-24', '2026-11-25', '2026-11-26'])
    expect(data.amounts).toEqual([{ name: '<charts.amount>', data: [0, 123.45, 0] }])
    expect(data.orders).toEqual([0, 2, 0])
  })

  it('stacks one series per method, a shop’s own POS method by its name', () => {
    const rows = [
      { key: '2026-11-24', dim: 'cash', amount: 100, orders: 1 },
      { key: '2026-11-26', dim: 'pos:Octopus', amount: 200, orders: 1 }
    ]
    const data = chartData({ ...range, by: 'method' }, summary('method', rows), 'en', t)
    expect(data.amounts).toEqual([
      { name: '<charts.method.cash>', data: [1, 0, 0] },
      { name: 'Octopus', data: [0, 0, 2] }
    ])
    expect(data.orders).toBeUndefined()
  })

  it('names months, weekdays and hours in the language, and categories by their names', () => {
    expect(keyLabel('month', 10, 'en')).toBe('November')
    expect(keyLabel('month', 0, 'cht')).toBe('一月')
    expect(keyLabel('day', 0, 'en')).toBe('Sunday')
    expect(keyLabel('day', 3, 'chs')).toBe('星期三')
    expect(keyLabel('hour', 7, 'en')).toBe('07:00')
    expect(keyLabel('yearMonthDate', '2026-11-25', 'en')).toBe('2026-11-25')
    const names = { c1: { en: 'Tea', cht: '茶' } }
    expect(dimLabel('category', 'c1', names, 'cht', t)).toBe('茶')
    expect(dimLabel('category', '', names, 'cht', t)).toBe('<charts.noCategory>')
    expect(dimLabel('method', 'bank', undefined, 'en', t)).toBe('<charts.method.bank>')
  })

  it('exports the figures with translated periods and dimensions, and money as money', () => {
    const rows = [{ key: 3, dim: 'c1', amount: 500, orders: 1 }]
    const columns = exportColumnsOf(
      { ...range, groupBy: 'day', by: 'category' },
      { ...summary('category', rows, { c1: 'Tea' }), groupBy: 'day' },
      'en',
      t
    )
    expect(columns).toEqual([
      { field: 'key', header: '<charts.period>', kind: 'text', enum: { 3: 'Wednesday' } },
      { field: 'dim', header: '<charts.by.category>', kind: 'text', enum: { c1: 'Tea' } },
      { field: 'amount', header: '<charts.amount>', kind: 'money' },
      { field: 'orders', header: '<charts.orders>', kind: 'number' },
      { field: 'quantity', header: '<charts.quantity>', kind: 'number' }
    ])
  })
})
