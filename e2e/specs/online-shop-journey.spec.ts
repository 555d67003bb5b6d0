import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { authenticate, merchant, uniqueSubdomain } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord } from '../support/records'
import { confirmStorefrontOrder } from '../support/storefront'
import { patchShop, stockedProduct } from '../support/orders'
import { grantFeatures } from '../support/paid-features'
import type { Shop } from '@emporia/shared'
import { throughWizard } from '../pages/wizard'

/**
 * Issue 18's whole journey in one browser test, in cht: a merchant who has just signed up builds the
 * shop with the wizard; a customer in a browser of their own finds a product by searching the published
 * storefront, applies a coupon and checks out with bank transfer; the merchant's back office pops the
 * order up (§2.6) and the merchant confirms the payment, which the customer's order page then shows.
 */
describe('the online shop, from sign-up to a paid order', () => {
  const app = useApp()

  it('wizard → published storefront → search, coupon, bank transfer → popup → payment confirmed', async () => {
    const base = app.server.url
    const who = await merchant(base, 'journey', { withShop: false })
    const subdomain = uniqueSubdomain('journey')

    // The merchant: the wizard, from no shop to a published storefront.
    const office = await app.openAs(who, '/eshop', { lang: 'cht', viewport: { width: 1280, height: 900 } })
    const shell = new Shell(office)
    await throughWizard(office, { name: '翡翠茶舍', subdomain })
    await expect.poll(() => shell.text(office.getByTestId('wizard-done')), poll).toContain('你的網店已上線')

    // What a merchant adds next: a product with stock, a coupon, bank transfer (set up through the API,
    // each has its own browser test).
    const session = await authenticate(base, who.email, who.password)
    const shops = (await (
      await fetch(`${base}/api/shops`, { headers: { authorization: `Bearer ${session.accessToken}` } })
    ).json()) as {
      data: Shop[]
    }
    who.shop = shops.data.find((shop) => shop.subdomain === subdomain)
    expect(who.shop).toBeDefined()
    await grantFeatures(base, who, ['discount'])
    await patchShop(base, who, {
      bankTransfer: {
        enabled: true,
        accounts: [{ bankName: '恒生銀行', name: '茶舍有限公司', no: '024-123-456789', enabled: true }]
      }
    })
    const tea = await stockedProduct(base, who, '凍頂烏龍茶', 12000, 5)
    // Delivery by courier, free from $50 (spec §3.13 price ranges by order total).
    await createRecord(base, who, 'shippingMethods', {
      name: { en: 'Courier', cht: '速遞' },
      price: 3000,
      priceRanges: [{ min: 5000, price: 0 }],
      enabled: true
    })
    await createRecord(base, who, 'discounts', {
      name: { en: 'Welcome', cht: '歡迎' },
      type: 'fixed',
      status: 'valid',
      avail: 'eshop',
      couponCode: 'WELCOME20',
      fixedDiscount: 2000
    })
    await office.goto(`${base}/${who.shop!._id}/dashboard?lang=cht`)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    await office.waitForLoadState('networkidle')

    // The customer: finds the product with the storefront's search, buys it with the coupon.
    const customer = await app.open({ lang: 'cht' })
    const storefront = await customer.goto(`${base}/s/${subdomain}/?lang=cht`)
    expect(storefront?.status()).toBe(200)
    await customer.locator('header input[name="q"]').first().fill('烏龍')
    await customer.locator('header input[name="q"]').first().press('Enter')
    await expect.poll(() => customer.locator(`main a[href*="/products/${tea._id}"]`).count(), poll).toBeGreaterThan(0)
    await customer.locator(`main a[href*="/products/${tea._id}"]`).first().click()
    await expect.poll(() => customer.locator('main').textContent(), poll).toContain('凍頂烏龍茶')
    await customer.locator('main a[href$="/cart"]').first().click()
    await expect
      .poll(() => customer.locator('[data-cart-lines] .ef-cart-line__name').first().textContent(), poll)
      .toBe('凍頂烏龍茶')
    await customer.locator('[data-cart-coupon] input').fill('WELCOME20')
    await customer.locator('[data-cart-coupon] button').click()
    await expect.poll(() => customer.locator('[data-cart-sums] .ef-sums__total').textContent(), poll).toContain('$100.00')
    await customer.locator('[data-cart-checkout]').click()
    await customer.locator('input[name="customer.firstName"]').fill('美玲')
    await customer.locator('input[name="customer.lastName"]').fill('陳')
    await customer.locator('input[name="customer.email"]').fill(`mei-${Date.now()}@example.test`)
    await customer.locator('input[name="customer.phone"]').fill('9123 4567')
    await customer.locator('textarea[name="address"]').fill('九龍彌敦道 100 號')
    await customer.locator('input[name="payment"][value="bank"]').check()
    await customer.locator('[data-checkout-submit]').click()
    await expect.poll(() => customer.locator('[data-order-status]').textContent(), poll).toBe('準備中')
    expect(await customer.locator('main').textContent()).toContain('024-123-456789')

    // The merchant: the popup, then the order, whose pending transfer they confirm.
    await expect.poll(() => shell.text(office.getByTestId('new-order-product')), poll).toBe('凍頂烏龍茶')
    expect(await shell.text(office.getByTestId('new-order-total'))).toContain('$100.00')
    await office.getByTestId('new-order-view').click()
    await expect.poll(() => shell.route(), poll).toBe('orders')
    await confirmStorefrontOrder(base, who, office, customer)
  })
})
