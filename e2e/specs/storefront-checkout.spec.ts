import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord } from '../support/records'
import { confirmStorefrontOrder } from '../support/storefront'
import { patchShop, stockedProduct } from '../support/orders'
import { grantFeatures } from '../support/paid-features'

/**
 * The storefront's checkout (decision 0109), in cht: a customer in a browser of their own adds a product
 * on the shop's product page, applies a coupon, checks out with bank transfer; the merchant's back office
 * pops the order up (§2.6) and the merchant confirms the payment.
 */
describe('storefront checkout', () => {
  const app = useApp()

  it('buys with a coupon and bank transfer; the merchant sees the order pop up and confirms it', async () => {
    const base = app.server.url
    const who = await merchant(base, 'checkout')
    await grantFeatures(base, who, ['discount'])
    await patchShop(base, who, {
      bankTransfer: {
        enabled: true,
        accounts: [{ bankName: '恒生銀行', name: '茶舍有限公司', no: '024-123-456789', enabled: true }]
      },
      pickUp: { enabled: true, address: '中環皇后大道中 1 號' }
    })
    await createRecord(base, who, 'themes/install', { template: 'jade', mode: 'install' })
    const tea = await stockedProduct(base, who, '烏龍茶', 12000, 5)
    await createRecord(base, who, 'discounts', {
      name: { en: 'Welcome', cht: '歡迎' },
      type: 'fixed',
      status: 'valid',
      avail: 'eshop',
      couponCode: 'WELCOME20',
      fixedDiscount: 2000
    })
    const shop = `/s/${(who.shop as { subdomain: string }).subdomain}`

    const office = await app.openAs(who, '/dashboard', { lang: 'cht' })
    const shell = new Shell(office)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    await office.waitForLoadState('networkidle')

    // The customer: the product page's "add to cart" puts it in their cart.
    const customer = await app.open({ lang: 'cht' })
    await customer.goto(`${base}${shop}/products/${tea._id}?lang=cht`)
    await customer.locator('main a[href$="/cart"]').first().click()
    await expect.poll(() => customer.locator('[data-cart-lines] .ef-cart-line__name').first().textContent(), poll).toBe('烏龍茶')
    await customer.locator('[data-cart-coupon] input').fill('WELCOME20')
    await customer.locator('[data-cart-coupon] button').click()
    await expect.poll(() => customer.locator('[data-cart-sums] .ef-sums__total').textContent(), poll).toContain('$100.00')
    await customer.locator('[data-cart-checkout]').click()

    await expect.poll(() => customer.locator('[data-cart-sums] .ef-sums__total').textContent(), poll).toContain('$100.00')
    await customer.locator('input[name="customer.firstName"]').fill('美玲')
    await customer.locator('input[name="customer.lastName"]').fill('陳')
    await customer.locator('input[name="customer.email"]').fill(`mei-${Date.now()}@example.test`)
    await customer.locator('input[name="customer.phone"]').fill('9123 4567')
    await customer.locator('input[name="payment"][value="bank"]').check()
    await customer.locator('[data-checkout-submit]').click()
    await expect.poll(() => customer.locator('[data-order-status]').textContent(), poll).toBe('準備中')
    expect(await customer.locator('main').textContent()).toContain('024-123-456789')
    await customer.screenshot({ path: '/tmp/storefront-checkout-order-cht.png' })

    // The merchant: the popup, then the order, whose pending transfer they confirm.
    await expect.poll(() => shell.text(office.getByTestId('new-order-product')), poll).toBe('烏龍茶')
    expect(await shell.text(office.getByTestId('new-order-total'))).toContain('$100.00')
    await office.getByTestId('new-order-skip').click()
    await confirmStorefrontOrder(base, who, office, customer)
  })
})
