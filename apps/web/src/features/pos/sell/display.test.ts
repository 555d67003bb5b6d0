import { describe, expect, it } from 'vitest'
import { cartReducer, emptyCart } from './cart-store'
import { displayOf, fitDisplay, offersCustomerScreen } from './display'
import { priceCart } from './pricing'

const at = '2026-11-26T01:00:00.000Z'
const text = (value: unknown) => String(value)

describe('displayOf', () => {
  it('shows the order with its amounts formatted, and the suggestions', () => {
    let cart = cartReducer(emptyCart(), { type: 'new', clientId: 'c1' })
    cart = cartReducer(cart, { type: 'add', line: { product: 'a', name: 'Tea', price: 1250, quantity: 3, weighted: false } })
    const pricing = priceCart(cart, {
      rules: [],
      rounding: undefined,
      facts: () => undefined,
      now: at,
      timeZone: 'Asia/Hong_Kong'
    })
    expect(displayOf(cart, pricing, null, ['Add $5.00 to get $1.00 off'], text, at)).toEqual({
      state: 'order',
      lines: [{ name: 'Tea', quantity: 3, price: '$12.50', total: '$37.50' }],
      subtotal: '$37.50',
      discount: '$0.00',
      total: '$37.50',
      suggest: ['Add $5.00 to get $1.00 off'],
      at
    })
  })

  it('shows the sale just paid with the change once the order is cleared, else idle', () => {
    expect(displayOf(emptyCart(), null, { total: 6550, received: 10_000, change: 3450 }, [], text, at)).toEqual({
      state: 'paid',
      lines: [],
      total: '$65.50',
      received: '$100.00',
      change: '$34.50',
      at
    })
    expect(displayOf(emptyCart(), null, null, [], text, at)).toEqual({ state: 'idle', lines: [], at })
  })
})

describe('fitDisplay', () => {
  it('keeps a display within its schema: 500 lines, 200-character names, 10 suggestions', () => {
    const lines = Array.from({ length: 600 }, (_, i) => ({
      name: 'x'.repeat(300),
      quantity: i + 1,
      price: '$1.00',
      total: '$1.00'
    }))
    const fitted = fitDisplay({ state: 'order', lines, suggest: Array.from({ length: 12 }, () => 's'), at })
    expect(fitted.lines).toHaveLength(500)
    expect(fitted.lines[0].name).toHaveLength(200)
    expect(fitted.suggest).toHaveLength(10)
  })
})

describe('offersCustomerScreen (decision 0196)', () => {
  it('offers the second screen unless the shop switched multiscreen off', () => {
    expect(offersCustomerScreen({ multiscreen: true })).toBe(true)
    expect(offersCustomerScreen({ multiscreen: false })).toBe(false)
    // Not loaded yet, or a shop from before the switch: as it was, on.
    expect(offersCustomerScreen(undefined)).toBe(true)
    expect(offersCustomerScreen({})).toBe(true)
  })
})
