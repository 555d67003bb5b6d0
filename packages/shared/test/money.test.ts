import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocateCents, fromCents, multiplyCents, toCents } from '../src/platform/money'

describe('money in integer cents', () => {
  it('parses amounts exactly, rounding half away from zero at the third decimal', () => {
    expect(toCents('12.34')).toBe(1234)
    expect(toCents('0.1')).toBe(10)
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents('1.005')).toBe(101)
    expect(toCents('-1.005')).toBe(-101)
    expect(toCents('-0.001')).toBe(0)
    expect(() => toCents('1,000')).toThrow(RangeError)
    expect(() => toCents(Number.NaN)).toThrow(RangeError)
  })

  it('round-trips every whole-cent amount through text', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => toCents(fromCents(cents)) === cents))
  })

  it('allocates an amount into shares that sum to it and differ by at most one cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 50 }), (cents, parts) => {
        const shares = allocateCents(cents, parts)
        expect(shares.reduce((a, b) => a + b, 0)).toBe(cents)
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1)
      })
    )
  })

  it('multiplies to whole cents, symmetric around zero', () => {
    expect(multiplyCents(999, 0.5)).toBe(500)
    expect(multiplyCents(-999, 0.5)).toBe(-500)
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 1000 }), (cents, quantity) => {
        expect(multiplyCents(cents, quantity)).toBe(cents * quantity + 0)
        expect(multiplyCents(-cents, 0.37)).toBe(-multiplyCents(cents, 0.37) || 0)
      })
    )
  })
})
