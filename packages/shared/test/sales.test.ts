import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { localParts } from '../src/orders/order-id'
import {
  bucketOf,
  bucketsBetween,
  hourStamp,
  MAX_FILLED_KEYS,
  methodKey,
  seriesOf,
  stampParts,
  summaryHours,
  summaryGroupBys,
  summaryQueryProblem
} from '../src/orders/sales'

const HK = 'Asia/Hong_Kong'
// 23:30 UTC on a Tuesday is 07:30 the next morning, a Wednesday, in Hong Kong.
const lateUtc = localParts(new Date('2026-11-24T23:30:00Z'), HK)

describe('bucketOf', () => {
  it('puts a local moment in each grouping of summaryGroupBy (months 0–11, weekdays from Sunday)', () => {
    expect(Object.fromEntries(summaryGroupBys.map((groupBy) => [groupBy, bucketOf(groupBy, lateUtc)]))).toEqual({
      year: 2026,
      yearMonth: '2026-11',
      month: 10,
      date: 25,
      yearMonthDate: '2026-11-25',
      hour: 7,
      yearMonthDateHour: '2026-11-25 07:00',
      day: 3
    })
    expect(bucketOf('month', { year: 2027, month: 1, day: 1, hour: 0, weekday: 5 })).toBe(0)
    expect(bucketOf('day', { year: 2026, month: 11, day: 29, hour: 0, weekday: 0 })).toBe(0)
  })

  it('sorts calendar keys as time goes, so a chart and the SQL order agree', () => {
    const moment = fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true })
    fc.assert(
      fc.property(moment, moment, (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a]
        for (const groupBy of ['year', 'yearMonth', 'yearMonthDate', 'yearMonthDateHour'] as const) {
          const [x, y] = [bucketOf(groupBy, localParts(early, 'UTC')), bucketOf(groupBy, localParts(late, 'UTC'))]
          expect(x <= y).toBe(true)
        }
        expect(hourStamp(localParts(early, 'UTC')) <= hourStamp(localParts(late, 'UTC'))).toBe(true)
      })
    )
  })
})

describe('bucketsBetween', () => {
  const at = (iso: string) => localParts(new Date(iso), 'UTC')

  it('lists every calendar bucket from the first hour to the last, across month and year ends', () => {
    expect(bucketsBetween('yearMonthDate', at('2026-12-30T10:00Z'), at('2027-01-02T01:00Z'))).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02'
    ])
    expect(bucketsBetween('yearMonth', at('2026-11-30T00:00Z'), at('2027-02-01T00:00Z'))).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02'
    ])
    expect(bucketsBetween('year', at('2025-06-01T00:00Z'), at('2026-01-01T00:00Z'))).toEqual([2025, 2026])
    expect(bucketsBetween('yearMonthDateHour', at('2026-02-28T22:00Z'), at('2026-03-01T01:00Z'))).toEqual([
      '2026-02-28 22:00',
      '2026-02-28 23:00',
      '2026-03-01 00:00',
      '2026-03-01 01:00'
    ])
  })

  it('answers the whole cycle for the groupings across periods, and gives up past the limit', () => {
    expect(bucketsBetween('month', at('2026-11-01T00:00Z'), at('2026-11-02T00:00Z'))).toHaveLength(12)
    expect(bucketsBetween('date', at('2026-11-01T00:00Z'), at('2026-11-02T00:00Z'))).toHaveLength(31)
    expect(bucketsBetween('hour', at('2026-11-01T00:00Z'), at('2026-11-02T00:00Z'))).toHaveLength(24)
    expect(bucketsBetween('day', at('2026-11-01T00:00Z'), at('2026-11-02T00:00Z'))).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(bucketsBetween('yearMonthDateHour', at('2026-01-01T00:00Z'), at('2026-12-31T00:00Z'))).toBeUndefined()
    expect(bucketsBetween('yearMonthDate', at('2026-01-01T00:00Z'), at('2026-12-31T00:00Z'))).toHaveLength(365)
    expect(MAX_FILLED_KEYS).toBeGreaterThan(366)
  })
})

describe('summaryHours', () => {
  it('reads moments to the hour of the zone, and dates as local midnights', () => {
    // 16:00 UTC is midnight in Hong Kong: 2026-11-25 00:00 to the hour before 2026-11-26 00:00.
    expect(summaryHours('2026-11-24T16:00:00Z', '2026-11-25T16:00:00Z', HK)).toEqual({
      first: '2026-11-25 00:00:00',
      last: '2026-11-25 23:00:00'
    })
    // The hour `to` falls in counts when `to` is past its start.
    expect(summaryHours('2026-11-24T16:10:00Z', '2026-11-25T16:00:01Z', HK).last).toBe('2026-11-26 00:00:00')
    expect(summaryHours('2026-11-01', '2026-12-01', HK)).toEqual({ first: '2026-11-01 00:00:00', last: '2026-11-30 23:00:00' })
    expect(summaryHours('2026-12-31', '2027-01-01', 'America/New_York').last).toBe('2026-12-31 23:00:00')
    expect(stampParts('2026-11-30 23:00:00')).toEqual({ year: 2026, month: 11, day: 30, hour: 23, weekday: 1 })
  })
})

describe('summary queries and series', () => {
  const good = { groupBy: 'yearMonthDate', from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' }

  it('names the field and the message of a bad query', () => {
    expect(summaryQueryProblem(good)).toBeNull()
    expect(summaryQueryProblem({ ...good, by: 'category' })).toBeNull()
    expect(summaryQueryProblem({ ...good, groupBy: 'week' })).toEqual({ field: 'groupBy', key: 'format.invalid' })
    expect(summaryQueryProblem({ ...good, by: 'staff' })).toEqual({ field: 'by', key: 'format.invalid' })
    expect(summaryQueryProblem({ ...good, from: 'yesterday' })).toEqual({ field: 'from', key: 'format.invalid' })
    expect(summaryQueryProblem({ ...good, to: undefined })).toEqual({ field: 'to', key: 'format.invalid' })
    expect(summaryQueryProblem({ ...good, to: good.from })).toEqual({ field: 'to', key: 'sales.rangeOrder' })
    expect(summaryQueryProblem({ ...good, to: '2036-11-01T00:00:00Z' })).toBeNull()
    expect(summaryQueryProblem({ ...good, to: '2036-11-01T00:00:00.001Z' })).toEqual({ field: 'to', key: 'sales.rangeTooLong' })
  })

  it('fills the buckets without sales with zero and sums a dimension', () => {
    const rows = [
      { key: '2026-11-02', dim: 'cash', amount: 500, orders: 1 },
      { key: '2026-11-02', dim: 'bank', amount: 700, orders: 2 }
    ]
    const keys = ['2026-11-01', '2026-11-02']
    expect(seriesOf(rows, keys, 'amount')).toEqual([0, 1200])
    expect(seriesOf(rows, keys, 'orders', 'bank')).toEqual([0, 2])
  })

  it('counts a shop’s own POS method under its name', () => {
    expect(methodKey('pos', 'Octopus')).toBe('pos:Octopus')
    expect(methodKey('pos', null)).toBe('pos')
    expect(methodKey('cash', 'ignored')).toBe('cash')
  })
})
