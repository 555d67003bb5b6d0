import { describe, expect, it } from 'vitest'
import { introProgress } from './intro-progress'

const none = { storefront: false, products: 0, settings: {}, enabledShippingMethods: 0 }

describe('the "Get started" checklist', () => {
  it('ticks nothing for a new shop', () => {
    expect(introProgress(none)).toEqual({ shop: false, product: false, payment: false, shipping: false })
  })

  it('ticks each step from the shop’s own data as it is done', () => {
    expect(introProgress({ ...none, storefront: true })).toMatchObject({ shop: true, product: false })
    expect(introProgress({ ...none, products: 3 })).toMatchObject({ product: true })
    const bank = { bankTransfer: { enabled: true, accounts: [{ enabled: true }] } }
    expect(introProgress({ ...none, settings: bank })).toMatchObject({ payment: true, shipping: false })
    expect(introProgress({ ...none, enabledShippingMethods: 1 })).toMatchObject({ payment: false, shipping: true })
  })

  it('counts a bank transfer with no account on as not set up, and pick-up as both payment and delivery', () => {
    expect(introProgress({ ...none, settings: { bankTransfer: { enabled: true, accounts: [] } } }).payment).toBe(false)
    expect(introProgress({ ...none, settings: { pickUp: { enabled: true } } })).toMatchObject({ payment: true, shipping: true })
  })
})
