import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servicePaths } from '@emporia/shared'
import { shopOwner } from '../../../support/accounts'
import { dialects } from '../../../support/databases'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { call } from '../../../support/inventory-api'
import { setShop } from '../../../support/order-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>

/**
 * Decision 0152: a shop with no way to pay or no way to get the goods says so on its cart and checkout
 * pages instead of offering a form with empty choices; once both exist, the checkout is back.
 */
describe.each(await dialects())('a storefront that cannot take orders says so (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let base: string

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'New shop')
    const shop = (await t.db.knex('shops').where({ _id: a.shopId }).first('subdomain')) as { subdomain: string }
    base = `/s/${shop.subdomain}`
  })
  afterAll(() => t.close())

  const page = async (path: string, lang = 'en') => {
    const answer = await fetch(`${t.url}${base}${path}?lang=${lang}`)
    expect(answer.status).toBe(200)
    return answer.text()
  }

  it('shows a message in the shopper’s language instead of the checkout until a payment and a delivery method exist', async () => {
    const checkout = await page('/checkout', 'cht')
    expect(checkout).toContain('本店暫未接受網上訂單')
    expect(checkout).not.toContain('data-island="checkout"')
    expect(checkout).not.toContain('data-checkout-form')
    const cart = await page('/cart')
    expect(cart).toContain('This shop is not taking online orders yet')
    expect(cart).not.toContain('data-cart-checkout')

    // A payment method alone is not enough: the goods need a way to the customer.
    await setShop(t, a, {
      bankTransfer: { enabled: true, accounts: [{ bankName: 'HSBC', name: 'Shop Ltd', no: '001-2', enabled: true }] }
    })
    expect(await page('/checkout')).toContain('data-checkout-closed')

    // A flat-fee shipping method (no price ranges) opens the checkout.
    const method = await call(t, a, 'POST', servicePaths.shippingMethods, {
      name: { en: 'Courier' },
      price: 3000,
      priceRanges: [],
      enabled: true
    })
    expect(method.status).toBe(201)
    const open = await page('/checkout')
    expect(open).toContain('data-island="checkout"')
    expect(open).toContain('Courier')
    expect(open).not.toContain('data-checkout-closed')
    expect(await page('/cart')).toContain('data-cart-checkout')
  })

  it('opens with cash on pick-up alone: a way to pay and a way to get the goods at once', async () => {
    const other = await shopOwner(t.url, 'Pick-up shop')
    const sub = ((await t.db.knex('shops').where({ _id: other.shopId }).first('subdomain')) as { subdomain: string }).subdomain
    const closed = await (await fetch(`${t.url}/s/${sub}/checkout?lang=en`)).text()
    expect(closed).toContain('data-checkout-closed')
    await setShop(t, other, { pickUp: { enabled: true } })
    const open = await (await fetch(`${t.url}/s/${sub}/checkout?lang=en`)).text()
    expect(open).toContain('data-island="checkout"')
  })
})
