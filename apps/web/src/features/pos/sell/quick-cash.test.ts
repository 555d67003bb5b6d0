import { describe, expect, it } from 'vitest'
import { quickCash } from './quick-cash'

describe('quick cash', () => {
  it('offers the exact amount, the next round notes above it and $100 / $500, ascending and once each', () => {
    expect(quickCash(6550)).toEqual([6550, 7000, 8000, 10_000, 50_000, 100_000])
    expect(quickCash(1250)).toEqual([1250, 2000, 5000, 10_000, 50_000, 100_000])
  })

  it('adds no round-up equal to an exact round total', () => {
    expect(quickCash(10_000)).toEqual([10_000, 50_000, 100_000])
    expect(quickCash(2000)).toEqual([2000, 5000, 10_000, 50_000, 100_000])
  })

  it('offers the notes when nothing is due, no note short of the amount, nothing for an amount not in whole cents', () => {
    expect(quickCash(0)).toEqual([10_000, 50_000])
    expect(quickCash(65_000)).toEqual([65_000, 66_000, 70_000, 100_000])
    expect(quickCash(12.5)).toEqual([])
    expect(quickCash(-1)).toEqual([])
  })

  it('offers large totals their own round-ups', () => {
    expect(quickCash(123_456)).toEqual([123_456, 124_000, 125_000, 130_000, 150_000, 200_000])
  })
})
