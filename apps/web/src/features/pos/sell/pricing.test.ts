import { describe, expect, it } from 'vitest'
import type { Discount } from '@emporia/shared'
import { cartReducer, emptyCart, type CartAction, type CartState } from './cart-store'
import { priceCart, priceCartFully, type PricingInput } from './pricing'

/** A valid, automatic rule for both channels (as the engine's own tests make them). */
const rule = (id: string, over: Partial<Discount> & Pick<Discount, 'type'>): Discount =>
  ({
    _id: id,
    shop: 's1',
    name: { en: id },
    status: 'valid',
    avail: 'both',
    automatic: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over
  }) as Discount

const FACTS: Record<string, { categories: string[]; brand: string | null; tags: string[] }> = {
  pA: { categories: ['c1'], brand: 'b1', tags: [] },
  pB: { categories: ['c2'], brand: null, tags: ['t1'] },
  pC: { categories: [], brand: null, tags: [] },
  pD: { categories: ['c1', 'c2'], brand: 'b2', tags: ['t1'] }
}
const PRICES: Record<string, number> = { pA: 1000, pB: 2500, pC: 399, pD: 1234 }

const RULE_SETS: Discount[][] = [
  [],
  [rule('pct', { type: 'percentage', percentageDiscount: 10, categories: ['c1'] } as Partial<Discount> & Pick<Discount, 'type'>)],
  [rule('bundle', { type: 'bundleFix', quantity: 2, fixedDiscount: 1500 })],
  [
    rule('pct', { type: 'percentage', percentageDiscount: 15 }),
    rule('adv', { type: 'advanced', member: { minQty: 3, unitDiscount: 100 } } as Partial<Discount> & Pick<Discount, 'type'>),
    rule('fix', { type: 'fixed', fixedDiscount: 500 })
  ]
]

const inputOf = (rules: Discount[]): PricingInput => ({
  rules,
  rounding: { roundingMethod: 'round', roundingUnit: 10 } as unknown as PricingInput['rounding'],
  facts: (product) => FACTS[product],
  now: '2026-11-25T04:00:00.000Z',
  timeZone: 'Asia/Hong_Kong'
})

/** A pseudo-random walk of a cashier's actions: scans (repeats add up), weighed items, quantities, removals. */
const walk = (seed: number, steps: number) => {
  let state = seed
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
  const actions: CartAction[] = [{ type: 'new', clientId: 'o1' }]
  for (let k = 0; k < steps; k++) {
    const r = next()
    const product = ['pA', 'pB', 'pC', 'pD'][Math.floor(next() * 4)]
    const lines = () => actions.length
    if (r < 0.6)
      actions.push({
        type: 'add',
        line: {
          product,
          name: product,
          price: PRICES[product],
          quantity: 1,
          weighted: false,
          ...(next() < 0.2 ? { sku: 's' } : {})
        }
      })
    else if (r < 0.7)
      actions.push({
        type: 'add',
        line: {
          product,
          name: product,
          price: PRICES[product],
          quantity: Math.round(next() * 2000) / 1000 + 0.001,
          weighted: true
        }
      })
    else if (r < 0.75)
      actions.push({
        type: 'add',
        line: {
          product,
          name: product,
          price: Math.floor(next() * 5000),
          quantity: 1,
          weighted: false,
          fixedPrice: true,
          label: `L${k}`
        }
      })
    else if (r < 0.87)
      actions.push({ type: 'quantity', index: Math.floor(next() * lines()), quantity: 1 + Math.floor(next() * 5) })
    else if (r < 0.95) actions.push({ type: 'remove', index: Math.floor(next() * lines()) })
    else actions.push({ type: 'member', member: next() < 0.5 ? { _id: 'm1', name: 'Member', rank: 'gold' } : null })
  }
  return actions
}

describe('the incremental pricing (decision 0144)', () => {
  it('gives exactly what pricing the whole order gives, after every action of random orders', () => {
    for (const rules of RULE_SETS) {
      let discounted = 0
      for (let seed = 1; seed <= 12; seed++) {
        const input = inputOf(rules)
        let cart: CartState = emptyCart()
        for (const action of walk(seed, 250)) {
          cart = cartReducer(cart, action)
          const priced = priceCart(cart, input)
          expect(priced).toEqual(priceCartFully(cart, input))
          if (priced.discount > 0) discounted++
        }
      }
      // Each rule set does take something off some orders (the walk reaches its rules).
      expect(discounted > 0).toBe(rules.length > 0)
    }
  })

  it('prices anew only what changed: lines priced before keep their objects', () => {
    for (const rules of [RULE_SETS[0], RULE_SETS[2]]) {
      const input = inputOf(rules)
      let cart = cartReducer(emptyCart(), { type: 'new', clientId: 'o1' })
      for (let i = 0; i < 200; i++)
        cart = cartReducer(cart, {
          type: 'add',
          line: { product: `p${i}`, name: 'x', price: 100 + i, quantity: 1, weighted: false }
        })
      const before = priceCart(cart, { ...input, facts: () => undefined })
      cart = cartReducer(cart, { type: 'add', line: { product: 'p7', name: 'x', price: 107, quantity: 1, weighted: false } })
      const after = priceCart(cart, { ...input, facts: () => undefined })
      expect(after.evaluation.lines[7]).not.toBe(before.evaluation.lines[7])
      expect(after.evaluation.lines[7].subtotal).toBe(214)
      for (const i of [0, 6, 8, 199]) expect(after.evaluation.lines[i]).toBe(before.evaluation.lines[i])
      expect(after.subtotal).toBe(before.subtotal + 107)
    }
  })

  it('refuses a line the engine cannot price, as the engine does', () => {
    const cart = cartReducer(cartReducer(emptyCart(), { type: 'new', clientId: 'o1' }), {
      type: 'add',
      line: { product: 'pA', name: 'x', price: 10.5, quantity: 1, weighted: false }
    })
    expect(() => priceCartFully(cart, inputOf([]))).toThrow(RangeError)
    expect(() => priceCart(cart, inputOf([]))).toThrow(RangeError)
  })
})
