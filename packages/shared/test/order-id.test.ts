import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TIME_ZONE,
  firstOrderNumber,
  formatOrderId,
  isTimeZone,
  localParts,
  nextOrderNumber,
  orderIdDateFormats,
  orderIdPeriod,
  orderIdProblem,
  orderIdTypes,
  previewOrderId,
  shopTimeZone
} from '../src/orders/order-id'

const HK = 'Asia/Hong_Kong'
// 2026-03-31 17:30 UTC is 2026-04-01 01:30 in Hong Kong (UTC+8, no daylight saving).
const acrossMidnight = new Date('2026-03-31T17:30:00Z')

describe('localParts and time zones', () => {
  it('reads the local date, hour and weekday of a zone', () => {
    expect(localParts(acrossMidnight, HK)).toEqual({ year: 2026, month: 4, day: 1, hour: 1, weekday: 3 })
    expect(localParts(acrossMidnight, 'UTC')).toEqual({ year: 2026, month: 3, day: 31, hour: 17, weekday: 2 })
    expect(localParts(new Date('2026-01-04T16:00:00Z'), HK)).toMatchObject({ day: 5, hour: 0, weekday: 1 })
    // Daylight saving: New York is UTC−4 in July.
    expect(localParts(new Date('2026-07-01T03:59:00Z'), 'America/New_York')).toMatchObject({ month: 6, day: 30, hour: 23 })
  })

  it('agrees with the UTC calendar for UTC, at any moment', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), (at) => {
        expect(localParts(at, 'UTC')).toEqual({
          year: at.getUTCFullYear(),
          month: at.getUTCMonth() + 1,
          day: at.getUTCDate(),
          hour: at.getUTCHours(),
          weekday: at.getUTCDay()
        })
      })
    )
  })

  it('knows IANA names and refuses anything else', () => {
    for (const zone of [HK, 'UTC', 'Europe/London', 'America/Argentina/Buenos_Aires', 'Etc/GMT+8'])
      expect(isTimeZone(zone)).toBe(true)
    for (const zone of ['', 'Hong Kong', 'Asia/Nowhere', 'Mars/Olympus', '+08:00', 'x'.repeat(65)])
      expect(isTimeZone(zone)).toBe(false)
    expect(shopTimeZone(undefined)).toBe(DEFAULT_TIME_ZONE)
    expect(shopTimeZone({ timeZone: null })).toBe(HK)
    expect(shopTimeZone({ timeZone: 'UTC' })).toBe('UTC')
  })
})

describe('order ids from orderIdList (spec §3.1)', () => {
  it('is 000001 for a shop without settings', () => {
    expect(firstOrderNumber()).toBe(1)
    expect(formatOrderId(undefined, firstOrderNumber(), acrossMidnight, HK)).toBe('000001')
    expect(previewOrderId(undefined, acrossMidnight, HK)).toBe('000001')
  })

  it('writes prefix, the local date in its format and the padded number', () => {
    const at = acrossMidnight
    expect(formatOrderId({ prefix: 'HK-', dateFormat: 'YYYYMMDD', padding: 4 }, 7, at, HK)).toBe('HK-202604010007')
    expect(formatOrderId({ prefix: 'HK-', dateFormat: 'YYYYMMDD', padding: 4 }, 7, at, 'UTC')).toBe('HK-202603310007')
    expect(formatOrderId({ dateFormat: 'YYMMDD' }, 12, at, HK)).toBe('260401000012')
    expect(formatOrderId({ dateFormat: 'YYYYMM', padding: 0 }, 12, at, HK)).toBe('20260412')
    expect(formatOrderId({ dateFormat: 'YYMM', padding: 2 }, 12_345, at, HK)).toBe('260412345')
    expect(formatOrderId({ prefix: 'A/' }, 0, at, HK)).toBe('A/000000')
    expect(() => formatOrderId(undefined, -1, at, HK)).toThrow(RangeError)
    expect(() => formatOrderId(undefined, 1.5, at, HK)).toThrow(RangeError)
  })

  it('stays within 40 characters for every setting the schema allows', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom(...orderIdDateFormats),
        fc.integer({ min: 0, max: 999_999_999_999 }),
        (prefix, padding, dateFormat, seq) => {
          const id = formatOrderId({ prefix, padding, dateFormat }, seq, acrossMidnight, HK)
          expect(id.length).toBeLessThanOrEqual(40)
          expect(id.startsWith(prefix)).toBe(true)
          expect(Number(id.slice(id.length - Math.max(padding, String(seq).length)))).toBe(seq)
        }
      )
    )
  })

  it('keys counters by period: none for a sequence, the local day or month otherwise', () => {
    expect(orderIdPeriod(undefined, acrossMidnight, HK)).toBe('')
    expect(orderIdPeriod({ type: 'sequence' }, acrossMidnight, HK)).toBe('')
    expect(orderIdPeriod({ type: 'daily' }, acrossMidnight, HK)).toBe('2026-04-01')
    expect(orderIdPeriod({ type: 'daily' }, acrossMidnight, 'UTC')).toBe('2026-03-31')
    expect(orderIdPeriod({ type: 'monthly' }, acrossMidnight, HK)).toBe('2026-04')
    expect(orderIdPeriod({ type: 'monthly' }, acrossMidnight, 'UTC')).toBe('2026-03')
    // One minute before Hong Kong's midnight is the same day as the hours before it.
    expect(orderIdPeriod({ type: 'daily' }, new Date('2026-03-31T15:59:00Z'), HK)).toBe('2026-03-31')
    expect(orderIdPeriod({ type: 'daily' }, new Date('2026-03-31T16:00:00Z'), HK)).toBe('2026-04-01')
  })

  it('gives the next number from the last one, never below the start', () => {
    expect(nextOrderNumber({ startNum: 100 }, undefined)).toBe(100)
    expect(nextOrderNumber({ startNum: 0 }, null)).toBe(0)
    expect(nextOrderNumber({ startNum: 100 }, 41)).toBe(100)
    expect(nextOrderNumber({ startNum: 100 }, 141)).toBe(142)
    expect(previewOrderId({ prefix: 'S', startNum: 5, padding: 3, current: 9 }, acrossMidnight, HK)).toBe('S010')
  })

  it('refuses counters that restart without the date that tells their orders apart', () => {
    expect(orderIdProblem(undefined)).toBeNull()
    expect(orderIdProblem({ type: 'sequence' })).toBeNull()
    for (const type of orderIdTypes)
      for (const dateFormat of orderIdDateFormats) {
        const unique = type === 'sequence' || (type === 'daily' ? dateFormat.endsWith('DD') : dateFormat !== '')
        expect(orderIdProblem({ type, dateFormat })).toEqual(
          unique ? null : { key: 'orderId.dateNeeded', field: 'orderIdList.dateFormat' }
        )
      }
  })
})
