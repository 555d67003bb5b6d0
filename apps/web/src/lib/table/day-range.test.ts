import { describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import { dayRange, dayRangeQuery } from './day-range'

describe('a date-range search over a date-time field', () => {
  it('counts the last day whole: from its first day up to before the day after the last one', () => {
    const range = dayRange(['2026-11-01', '2026-11-25'])
    expect(range.$gte).toBe(dayjs('2026-11-01T00:00:00').toISOString())
    expect(range.$lt).toBe(dayjs('2026-11-26T00:00:00').toISOString())
    // An order at 23:59 of the last day is inside, midnight after it is not.
    expect(dayjs('2026-11-25T23:59:00').toISOString() < range.$lt).toBe(true)
    expect(dayjs('2026-11-26T00:00:00').toISOString() < range.$lt).toBe(false)
  })

  it('takes either end alone and gives no condition for none or for unreadable days', () => {
    expect(Object.keys(dayRange(['2026-11-01', '']))).toEqual(['$gte'])
    expect(Object.keys(dayRange(['', '2026-11-01']))).toEqual(['$lt'])
    expect(dayRange(['', ''])).toEqual({})
    expect(dayRange(['not a day', undefined])).toEqual({})
    expect(dayRange(undefined)).toEqual({})
    expect(dayRangeQuery('date')(['', ''])).toEqual({})
    expect(Object.keys(dayRangeQuery('date')(['2026-11-01', '']))).toEqual(['date'])
  })
})
