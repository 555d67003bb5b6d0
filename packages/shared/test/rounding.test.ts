import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { roundCents, roundingModes, roundingProblem, roundOrder, type RoundingMode } from '../src/orders/rounding'

const cents = fc.integer({ min: -1e12, max: 1e12 })
const factor = fc.integer({ min: 1, max: 100_000 })
const mode = fc.constantFrom(...roundingModes)

describe('roundCents (spec §5.4)', () => {
  it('rounds to the factor in each mode, ties away from zero', () => {
    expect(roundCents(1234, 10)).toBe(1230)
    expect(roundCents(1235, 10)).toBe(1240)
    expect(roundCents(1236, 10)).toBe(1240)
    expect(roundCents(1231, 10, 'roundUp')).toBe(1240)
    expect(roundCents(1239, 10, 'roundDown')).toBe(1230)
    expect(roundCents(1250, 100)).toBe(1300)
    expect(roundCents(1249, 100)).toBe(1200)
    expect(roundCents(1250, 50, 'roundUp')).toBe(1250)
    // Negative amounts: roundOff mirrors the positive; roundUp / roundDown are ceiling / floor.
    expect(roundCents(-1235, 10)).toBe(-1240)
    expect(roundCents(-1234, 10)).toBe(-1230)
    expect(roundCents(-1231, 10, 'roundUp')).toBe(-1230)
    expect(roundCents(-1231, 10, 'roundDown')).toBe(-1240)
    expect(Object.is(roundCents(-4, 10), 0)).toBe(true)
  })

  it('leaves amounts alone without a factor, and refuses what is not cents or a factor', () => {
    for (const none of [null, undefined, 0]) expect(roundCents(1234, none, 'roundUp')).toBe(1234)
    expect(() => roundCents(12.5, 10)).toThrow(RangeError)
    expect(() => roundCents(100, 2.5)).toThrow(RangeError)
    expect(() => roundCents(100, -10)).toThrow(RangeError)
  })

  it('gives a multiple of the factor, is idempotent, and roundUp ≥ x ≥ roundDown within one factor', () => {
    fc.assert(
      fc.property(cents, factor, mode, (x, f, m) => {
        const r = roundCents(x, f, m)
        expect(Number.isSafeInteger(r)).toBe(true)
        expect(r % f === 0).toBe(true)
        expect(roundCents(r, f, m)).toBe(r)
        const up = roundCents(x, f, 'roundUp')
        const down = roundCents(x, f, 'roundDown')
        expect(up).toBeGreaterThanOrEqual(x)
        expect(down).toBeLessThanOrEqual(x)
        expect(up - down).toBe(x % f === 0 ? 0 : f)
      })
    )
  })

  it('roundOff is the nearest multiple (within half a factor) and symmetric around zero', () => {
    fc.assert(
      fc.property(cents, factor, (x, f) => {
        const r = roundCents(x, f)
        expect(2 * Math.abs(r - x)).toBeLessThanOrEqual(f)
        expect(roundCents(-x, f)).toBe(-r || 0)
        // Never farther than the other candidate.
        const other = r >= x ? r - f : r + f
        expect(Math.abs(r - x)).toBeLessThanOrEqual(Math.abs(other - x))
      })
    )
  })

  it('is monotonic: a larger amount never rounds to less', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 1e6 }), factor, mode, (x, d, f, m) => {
        expect(roundCents(x + d, f, m)).toBeGreaterThanOrEqual(roundCents(x, f, m))
      })
    )
  })
})

describe('roundOrder', () => {
  const settings = (sub: number | null, subMode: RoundingMode, total: number | null, totalMode: RoundingMode) => ({
    subtotalRoundingFactor: sub,
    subtotalRoundingMode: subMode,
    roundingFactor: total,
    roundingMode: totalMode
  })

  it('rounds the subtotal, then the total after the discount, and says the whole adjustment', () => {
    expect(roundOrder(12_345, 0, undefined)).toEqual({ subtotal: 12_345, total: 12_345, rounding: 0 })
    expect(roundOrder(12_345, 0, { roundingFactor: 10 })).toEqual({ subtotal: 12_345, total: 12_350, rounding: 5 })
    expect(roundOrder(12_345, 1_000, settings(10, 'roundDown', 100, 'roundOff'))).toEqual({
      subtotal: 12_340,
      total: 11_300,
      rounding: -45
    })
    expect(roundOrder(999, 0, settings(null, 'roundOff', 100, 'roundUp'))).toEqual({ subtotal: 999, total: 1_000, rounding: 1 })
    // A discount above the subtotal: the total stays at 0.
    expect(roundOrder(500, 800, undefined)).toEqual({ subtotal: 500, total: 0, rounding: 300 })
  })

  it('keeps subtotal − discount + rounding = total exactly, the total never below 0 and on its factor', () => {
    const maybe = fc.option(factor, { nil: null })
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 1e10 }),
        maybe,
        mode,
        maybe,
        mode,
        (subtotal, discount, sub, subMode, total, totalMode) => {
          const s = settings(sub, subMode, total, totalMode)
          const result = roundOrder(subtotal, Math.min(discount, subtotal), s)
          expect(subtotal - Math.min(discount, subtotal) + result.rounding).toBe(result.total)
          expect(result.total).toBeGreaterThanOrEqual(0)
          if (total) expect(result.total % total).toBe(0)
          if (sub) expect(result.subtotal % sub).toBe(0)
          if (!sub) expect(result.subtotal).toBe(subtotal)
        }
      )
    )
  })
})

describe('roundingProblem (spec §5.4)', () => {
  it('needs a total factor when the subtotal has one, at least as large, and a multiple of it', () => {
    expect(roundingProblem({})).toBeNull()
    expect(roundingProblem({ roundingFactor: 10 })).toBeNull()
    expect(roundingProblem({ subtotalRoundingFactor: 10 })).toEqual({
      key: 'rounding.totalFactorRequired',
      field: 'roundingFactor'
    })
    expect(roundingProblem({ subtotalRoundingFactor: 10, roundingFactor: null })).toMatchObject({
      key: 'rounding.totalFactorRequired'
    })
    expect(roundingProblem({ subtotalRoundingFactor: 50, roundingFactor: 10 })).toEqual({
      key: 'rounding.totalBelowSubtotal',
      field: 'roundingFactor'
    })
    expect(roundingProblem({ subtotalRoundingFactor: 20, roundingFactor: 50 })).toEqual({
      key: 'rounding.notDivisible',
      field: 'roundingFactor'
    })
    expect(roundingProblem({ subtotalRoundingFactor: 10, roundingFactor: 10 })).toBeNull()
    expect(roundingProblem({ subtotalRoundingFactor: 10, roundingFactor: 100 })).toBeNull()
  })

  it('accepts exactly the settings under which rounding the total keeps the subtotal on its step', () => {
    fc.assert(
      fc.property(factor, factor, fc.integer({ min: 0, max: 1e9 }), (sub, total, x) => {
        const ok = roundingProblem({ subtotalRoundingFactor: sub, roundingFactor: total }) === null
        expect(ok).toBe(total >= sub && total % sub === 0)
        if (ok) expect(roundCents(roundCents(x, sub), total) % sub).toBe(0)
      })
    )
  })
})
