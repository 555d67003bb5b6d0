import { describe, expect, it } from 'vitest'
import { cartReducer, emptyCart } from './cart-store'
import { keptOrder, shouldResume } from './open-order'

const line = { product: 'p1', name: 'Tea', price: 1000, quantity: 1, weighted: false }

describe('the open order kept across a reload (decision 0159)', () => {
  const rung = cartReducer(cartReducer(emptyCart(), { type: 'new', clientId: 'c1' }), { type: 'add', line })

  it('keeps an open order with lines, and nothing once it is paid or emptied', () => {
    expect(keptOrder(rung)).toBe(rung)
    expect(keptOrder(cartReducer(rung, { type: 'paid' }))).toBeNull()
    expect(keptOrder(cartReducer(rung, { type: 'remove', index: 0 }))).toBeNull()
    expect(keptOrder(cartReducer(emptyCart(), { type: 'new', clientId: 'c2' }))).toBeNull()
  })

  it('takes a stored order up only on a till with nothing rung up', () => {
    expect(shouldResume(rung, emptyCart())).toBe(true)
    expect(shouldResume(rung, cartReducer(emptyCart(), { type: 'new', clientId: 'c3' }))).toBe(true)
    expect(shouldResume(rung, rung)).toBe(false)
    expect(shouldResume(null, emptyCart())).toBe(false)
    expect(shouldResume(emptyCart(), emptyCart())).toBe(false)
  })
})
