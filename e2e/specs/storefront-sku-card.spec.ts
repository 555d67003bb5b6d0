import { describe, expect, inject, it } from 'vitest'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct, seedRestock } from '../support/catalogue'
import { mainWarehouse, patchShop } from '../support/orders'
import { createRecord } from '../support/records'

const WEBHOOK_SECRET = 'whsec_e2e_storefront_card'

/**
 * A SKU and a card on the storefront (decision 0115), in English: the customer chooses a SKU on the
 * template's product page (the one out of stock cannot be chosen), adds it, pays by card through the
 * Stripe double's stand-in Stripe.js — declined first, the order kept, then paid — and their order
 * page reads paid once the double's webhook has reached the server.
 */
describe('storefront SKU and card', () => {
  const app = useApp()

  it('chooses a SKU, adds it, is declined once, pays by card and sees the order paid', async () => {
    const base = app.server.url
    const stripe = inject('stripeDoubleUrl')
    const who = await merchant(base, 'skucard')
    await patchShop(base, who, {
      pickUp: { enabled: true, address: '1 Harbour Road' },
      cardPayment: {
        provider: 'stripe',
        enabled: true,
        publicKey: 'pk_test_e2e_storefront',
        secretKey: 'sk_test_emporia_double',
        webhookSecret: WEBHOOK_SECRET
      }
    })
    // As a merchant adds the endpoint in Stripe's dashboard: the double sends this shop its events.
    const endpoint = await fetch(`${stripe}/_double/webhook_endpoints`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${base}/api/payments/webhooks/stripe/${who.shop!._id}`, secret: WEBHOOK_SECRET })
    })
    expect(endpoint.status).toBe(200)
    await createRecord(base, who, 'themes/install', { template: 'jade', mode: 'install' })
    const set = await seedProduct(base, who, {
      name: { en: 'Tea set' },
      price: 20000,
      skus: [
        { id: 'small', name: { en: 'Small' }, price: 15000 },
        { id: 'large', name: { en: 'Large' }, price: 26000, dprice: 24000 }
      ]
    })
    await seedRestock(base, who, { warehouse: await mainWarehouse(base, who), product: set._id, sku: 'large', quantity: 3 })
    const shop = `/s/${who.shop!.subdomain}`

    // The declined attempt's answer (402) is logged by the browser; the page handles it.
    const customer = await app.open({ lang: 'en', allowErrors: [/402/] })
    await customer.goto(`${base}${shop}/products/${set._id}?lang=en`)
    const picker = customer.locator('main [data-island="skuPicker"]')
    await expect.poll(() => picker.getAttribute('data-hydrated'), poll).toBe('true')
    expect(await picker.locator('input[value="small"]').isDisabled()).toBe(true)
    expect(await picker.locator('[data-sku-stock]').textContent()).toBe('In stock')
    // The headline price is the chosen SKU's, sale price and all; the page's lists never show the product
    // itself, so its own $200.00 appears nowhere (decision 0139).
    const main = customer.locator('main')
    expect(await main.locator('.ef-text', { hasText: /^\$240\.00$/ }).count()).toBeGreaterThan(0)
    expect(await main.textContent()).not.toContain('$200.00')
    await picker.locator('input[value="large"]').check()
    expect(await picker.locator('[data-sku-price]').textContent()).toBe('$260.00 $240.00')
    await customer.locator('main a[href$="/cart"]').first().click()
    await expect
      .poll(() => customer.locator('[data-cart-lines] .ef-cart-line__name').first().textContent(), poll)
      .toBe('Tea set · Large')
    await expect.poll(() => customer.locator('[data-cart-sums] .ef-sums__total').textContent(), poll).toContain('$260.00')
    await customer.locator('[data-cart-checkout]').click()

    await customer.locator('input[name="customer.firstName"]').fill('Mei')
    await customer.locator('input[name="customer.email"]').fill(`mei-${Date.now()}@example.test`)
    await customer.locator('input[name="customer.phone"]').fill('9123 4567')
    expect(await customer.locator('input[name="payment"][value="stripe"]').isChecked()).toBe(true)
    const card = customer.getByTestId('stripe-double-card')
    await card.fill('4000 0000 0000 0002')
    await customer.locator('[data-checkout-submit]').click()
    await expect.poll(() => customer.locator('[data-card-error]').textContent(), poll).toContain('Your card was declined.')
    expect(await customer.locator('[data-checkout-submit]').textContent()).toBe('Try the payment again')

    await card.fill('4242 4242 4242 4242')
    await customer.locator('[data-checkout-submit]').click()
    await customer.waitForURL(/\/orders\/[^/]+\?placed=1$/)
    // The provider's webhook settles it a moment later; the page shows it on the next visit.
    await expect
      .poll(async () => {
        await customer.reload()
        return customer.locator('[data-order-status]').textContent()
      }, poll)
      .toBe('Paid')
    // Named as sold: the product and the SKU.
    expect(await customer.locator('main').textContent()).toContain('Tea set · Large')
  })
})
