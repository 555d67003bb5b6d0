import { describe, expect, it } from 'vitest'
import type { SellLine } from './cart-store'
import { lineMarkdown, manualDiscount, manualFits, overrideProblem, withManual } from './price-override'
import type { TillPricing } from './pricing'

const line = (id: string, price: number, quantity: number, more: Partial<SellLine> = {}): SellLine => ({
  id,
  product: `p${id}`,
  name: { en: id },
  price,
  quantity,
  weighted: false,
  ...more
})

const pricing = (subtotal: number, discount: number): TillPricing => ({
  evaluation: {} as TillPricing['evaluation'],
  subtotal,
  discount,
  rounding: 0,
  total: subtotal - discount
})

describe('price override', () => {
  it('refuses a price above the list price, a negative or fractional one, and any on a label price', () => {
    expect(overrideProblem(line('1', 1000, 1), 1001)).toBe('pos.sell.overrideAbove')
    expect(overrideProblem(line('1', 1000, 1), -1)).toBe('pos.sell.overrideAbove')
    expect(overrideProblem(line('1', 1000, 1), 99.5)).toBe('pos.sell.overrideAbove')
    expect(overrideProblem(line('1', 1000, 1, { fixedPrice: true }), 900)).toBe('pos.sell.overrideLabel')
    expect(overrideProblem(line('1', 1000, 1), 0)).toBeNull()
    expect(overrideProblem(line('1', 1000, 1), 1000)).toBeNull()
  })

  it('takes off list × quantity − typed × quantity per line, as the server counts a markdown', () => {
    expect(lineMarkdown(line('1', 1250, 3), { '1': 1000 })).toBe(750)
    expect(lineMarkdown(line('1', 40_000, 0.255, { weighted: true }), { '1': 30_000 })).toBe(10_200 - 7650)
    expect(lineMarkdown(line('1', 1250, 3), {})).toBe(0)
    expect(lineMarkdown(line('1', 1250, 3), { '1': 2000 })).toBe(0)
    expect(manualDiscount([line('1', 1250, 3), line('2', 800, 1)], { '1': 1000, '2': 500, '9': 1 })).toBe(1050)
  })

  it('adds the manual discount to the rules and rounds the total again; checks it fits what the rules left', () => {
    expect(withManual(pricing(6550, 0), 550, undefined)).toMatchObject({ discount: 550, total: 6000, rounding: 0 })
    expect(withManual(pricing(6550, 50), 500, { roundingFactor: 100, roundingMode: 'roundDown' })).toMatchObject({
      discount: 550,
      total: 6000
    })
    const base = pricing(6550, 0)
    expect(withManual(base, 0, undefined)).toBe(base)
    expect(manualFits(pricing(1000, 200), 800)).toBe(true)
    expect(manualFits(pricing(1000, 200), 801)).toBe(false)
    expect(manualFits(null, 0)).toBe(true)
  })
})
