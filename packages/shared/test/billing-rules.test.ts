import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addMonths,
  featuresAdded,
  featuresLost,
  isUpgrade,
  monthsBetween,
  periodPrice,
  planProblems,
  upgradeCharge
} from '../src'

const at = (iso: string) => new Date(iso)

describe('billing rules (decision 0129)', () => {
  it('adds calendar months, keeping the day where the month has it', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z')
    expect(addMonths(at('2026-11-28T00:00:00Z'), 12).toISOString()).toBe('2027-11-28T00:00:00.000Z')
    expect(monthsBetween(at('2026-01-31T00:00:00Z'), addMonths(at('2026-01-31T00:00:00Z'), 12))).toBe(12)
  })

  it('charges a period less its free months on the first contract only', () => {
    const pro = { priceMonthly: 39_800, periodMonths: 12, freeMonths: 12 }
    expect(periodPrice(pro, true)).toBe(0)
    expect(periodPrice(pro, false)).toBe(477_600)
    expect(periodPrice({ ...pro, freeMonths: 2 }, true)).toBe(398_000)
  })

  it('prorates an upgrade by whole days left, rounded down to the cent, never more than the full difference', () => {
    const start = at('2026-01-01T00:00:00Z')
    const end = addMonths(start, 12)
    const basic = { priceMonthly: 19_800 }
    const pro = { priceMonthly: 39_800 }
    expect(upgradeCharge(basic, pro, { start, end }, start)).toBe(240_000)
    expect(upgradeCharge(basic, pro, { start, end }, end)).toBe(0)
    // Half way (day 182 of 365 started): 20,000 × 12 × 183 / 365 = 120,328.767… → 120,328.
    expect(upgradeCharge(basic, pro, { start, end }, at('2026-07-02T12:00:00Z'))).toBe(120_328)
    expect(upgradeCharge(pro, basic, { start, end }, start)).toBe(0)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 364 * 24 }), fc.integer({ min: 0, max: 10_000_000 }), (hours, difference) => {
        const charge = upgradeCharge(
          { priceMonthly: 0 },
          { priceMonthly: difference },
          { start, end },
          new Date(start.getTime() + hours * 3_600_000)
        )
        expect(Number.isInteger(charge)).toBe(true)
        expect(charge).toBeGreaterThanOrEqual(0)
        expect(charge).toBeLessThanOrEqual(difference * 12)
      })
    )
  })

  it('names the features a change adds and takes away, and which way it goes', () => {
    expect(featuresLost(['discount', 'pos', 'bundle'], ['discount'])).toEqual(['pos', 'bundle'])
    expect(featuresAdded(['discount'], ['discount', 'pos'])).toEqual(['pos'])
    expect(isUpgrade({ priceMonthly: 100, rank: 1 }, { priceMonthly: 200, rank: 0 })).toBe(true)
    expect(isUpgrade({ priceMonthly: 100, rank: 1 }, { priceMonthly: 100, rank: 2 })).toBe(true)
    expect(isUpgrade({ priceMonthly: 200, rank: 1 }, { priceMonthly: 100, rank: 2 })).toBe(false)
  })

  it('refuses a free period longer than the period', () => {
    expect(planProblems({ freeMonths: 13, periodMonths: 12 })).toEqual({ freeMonths: 'billing.plan.freeLongerThanPeriod' })
    expect(planProblems({ freeMonths: 12, periodMonths: 12 })).toEqual({})
  })
})
