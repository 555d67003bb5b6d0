import { describe, expect, it } from 'vitest'
import { convertWeight, convertWeightForDisplay, formatThousandths, parseThousandths } from './units'

describe('weight units', () => {
  it('converts exactly, or refuses', () => {
    expect(convertWeight(1234, 'kg', 'g')).toBe(1_234_000)
    expect(convertWeight(250_000, 'g', 'kg')).toBe(250)
    expect(convertWeight(1, 'g', 'kg')).toBeNull() // 0.000001 kg: not a thousandth
    expect(convertWeight(16_000, 'oz', 'lb')).toBe(1000)
    expect(convertWeight(100_000, 'lb', 'g')).toBe(45_359_237) // 100 lb = 45359.237 g
    expect(convertWeight(1000, 'lb', 'g')).toBeNull() // 453.59237 g
    expect(convertWeight(1000, 'lb', 'kg')).toBeNull() // 0.45359237 kg
    expect(convertWeight(1000, 'hk_catty', 'tael')).toBe(16_000)
    expect(convertWeight(100_000, 'hk_catty', 'g')).toBe(60_478_982)
    expect(convertWeight(1000, 'tael', 'g')).toBeNull() // 37.79936375 g
    expect(convertWeight(1.5, 'kg', 'g')).toBeNull()
  })

  it('rounds only for display, half away from zero', () => {
    expect(convertWeightForDisplay(1000, 'lb', 'kg')).toBe(454) // 0.45359237
    expect(convertWeightForDisplay(1000, 'tael', 'g')).toBe(37_799) // 37.79936375
    expect(convertWeightForDisplay(-1000, 'lb', 'kg')).toBe(-454)
    expect(convertWeightForDisplay(1, 'g', 'kg')).toBe(0)
    expect(convertWeightForDisplay(500, 'g', 'kg')).toBe(1) // 0.0005 kg → 0.001
  })

  it('reads typed and sent weights as text, refusing more than three decimals', () => {
    expect(parseThousandths('1.234')).toBe(1234)
    expect(parseThousandths(' +0.5 ')).toBe(500)
    expect(parseThousandths('-0.010')).toBe(-10)
    expect(parseThousandths('.25')).toBe(250)
    expect(parseThousandths('12')).toBe(12_000)
    expect(parseThousandths('1.2340')).toBe(1234)
    expect(parseThousandths('1.2345')).toBeNull()
    expect(parseThousandths('abc')).toBeNull()
    expect(parseThousandths('')).toBeNull()
    expect(formatThousandths(1234)).toBe('1.234')
    expect(formatThousandths(-10)).toBe('-0.010')
  })
})
