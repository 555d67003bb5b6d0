// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { Discount } from '@emporia/shared'
import { bundleOfferFor } from './bundle-offer'
import { cartReducer, emptyCart } from './cart-store'

const rule = (id: string, product: string) => ({ _id: id, product, name: id }) as unknown as Discount
const bundles = [rule('b1', 'tea'), rule('b2', 'tea'), rule('b3', 'cake')]
const line = (product: string) => ({ product, name: product, price: 100, quantity: 1, weighted: false })

describe('the bundle popup (decision 0183)', () => {
  const start = { ...emptyCart(), open: true }
  const withTea = cartReducer(start, { type: 'add', line: line('tea') })

  it("offers the bundles built on the product just added, only when the shop's bundlePopup is popup", () => {
    expect(bundleOfferFor(withTea, start, bundles, 'popup')?.rules.map((r) => r._id)).toEqual(['b1', 'b2'])
    expect(bundleOfferFor(withTea, start, bundles, 'none')).toBeNull()
    expect(bundleOfferFor(withTea, start, bundles, undefined)).toBeNull()
    const withBread = cartReducer(start, { type: 'add', line: line('bread') })
    expect(bundleOfferFor(withBread, start, bundles, 'popup')).toBeNull()
  })

  it('asks once: not for more of a line already there, nor once a bundle or "single" is chosen', () => {
    const more = cartReducer(withTea, { type: 'add', line: line('tea') })
    expect(bundleOfferFor(more, withTea, bundles, 'popup')).toBeNull()
    const single = cartReducer(withTea, { type: 'single' })
    const cake = cartReducer(single, { type: 'add', line: line('cake') })
    expect(bundleOfferFor(cake, single, bundles, 'popup')).toBeNull()
    const chosen = cartReducer(withTea, { type: 'discount', chosen: ['b1'] })
    expect(bundleOfferFor(cartReducer(chosen, { type: 'add', line: line('cake') }), chosen, bundles, 'popup')).toBeNull()
    const cakeToo = cartReducer(withTea, { type: 'add', line: line('cake') })
    expect(bundleOfferFor(cakeToo, withTea, bundles, 'popup')?.rules.map((r) => r._id)).toEqual(['b3'])
  })
})
