import { describe, expect, it } from 'vitest'
import { formatQuantity, quantityDigits, unitOf } from '../src/catalogue/quantity-unit'

const cht = { kg: '公斤', g: '克', oz: '安士', lb: '磅', tael: '兩', hk_catty: '斤' } as const

describe('a quantity with its unit', () => {
  it('shows weighed goods with the unit the shop chose, in the reader’s language', () => {
    expect(formatQuantity(0.35, 'hk_catty', (unit) => cht[unit])).toBe('0.35 斤')
    expect(formatQuantity(1.25, 'kg', (unit) => unit)).toBe('1.25 kg')
  })

  it('shows counted goods as a bare number', () => {
    expect(formatQuantity(2, null, (unit) => cht[unit])).toBe('2')
    expect(formatQuantity(3, undefined, (unit) => cht[unit])).toBe('3')
  })

  it('keeps three decimals at most, without float noise or trailing zeros', () => {
    expect(quantityDigits(0.1 + 0.2)).toBe('0.3')
    expect(quantityDigits(1.5)).toBe('1.5')
    expect(quantityDigits(2.0004)).toBe('2')
  })

  it('shows a unit it does not know as stored', () => {
    expect(formatQuantity(1, 'bag', () => 'never')).toBe('1 bag')
  })

  it('finds a product’s unit: none for counted goods, kg when a weighed product names none', () => {
    expect(unitOf({ weightType: 'weighted', weightUnit: 'tael' })).toBe('tael')
    expect(unitOf({ weightType: 'weighted', weightUnit: null })).toBe('kg')
    expect(unitOf({ weightType: 'none', weightUnit: 'kg' })).toBeNull()
    expect(unitOf(undefined)).toBeNull()
  })
})
