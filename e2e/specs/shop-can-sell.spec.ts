import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Shop } from '@emporia/shared'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { authenticate, merchant, uniqueSubdomain } from '../support/api'
import { poll, useApp } from '../support/app'
import { stockedProduct } from '../support/orders'
import { throughWizard } from '../pages/wizard'

// apps/web/src/features/eshop/eshop.messages.ts, cht.
const CANNOT_BUY = '顧客暫時未能購物'
// packages/theme/src/commerce/commerce-messages.ts, cht.
const CLOSED = '本店暫未接受網上訂單，請稍後再來。'

/** The checklist's steps as the dashboard shows them: which are ticked. */
const ticks = async (page: Page) => {
  const steps = ['shop', 'product', 'payment', 'shipping']
  return Object.fromEntries(
    await Promise.all(steps.map(async (key) => [key, await page.getByTestId(`intro-step-${key}`).getAttribute('data-done')]))
  ) as Record<string, string | null>
}

/**
 * Decision 0152, in cht: a merchant just out of the wizard is told customers cannot buy yet; the
 * storefront's checkout says the shop is not taking orders; the dashboard's checklist ticks each step as
 * the merchant does it (a flat-fee shipping method saves with no price ranges, cash on pick-up turns on);
 * then a customer checks out.
 */
describe('a shop that cannot sell says so', () => {
  const app = useApp()

  it('wizard → "cannot buy yet" → closed checkout → checklist ticks as methods are added → checkout works', async () => {
    const base = app.server.url
    const who = await merchant(base, 'cansell', { withShop: false })
    const subdomain = uniqueSubdomain('cansell')

    const office = await app.openAs(who, '/eshop', { lang: 'cht', viewport: { width: 1280, height: 900 } })
    const shell = new Shell(office)
    await throughWizard(office, { name: '翡翠茶舍', subdomain })
    // The wizard's last step: the storefront is published, and customers cannot buy yet — with the way on.
    await expect.poll(() => shell.text(office.getByTestId('wizard-sell-missing')), poll).toContain(CANNOT_BUY)
    expect(await office.getByTestId('wizard-sell-no-payment').count()).toBe(1)
    expect(await office.getByTestId('wizard-sell-no-delivery').count()).toBe(1)
    await office.screenshot({ path: '/tmp/shop-can-sell-wizard-cht.png' })

    const session = await authenticate(base, who.email, who.password)
    const shops = (await (
      await fetch(`${base}/api/shops`, { headers: { authorization: `Bearer ${session.accessToken}` } })
    ).json()) as {
      data: Shop[]
    }
    who.shop = shops.data.find((shop) => shop.subdomain === subdomain)
    const shopId = who.shop!._id
    // The product has its own browser tests.
    const tea = await stockedProduct(base, who, '凍頂烏龍茶', 12000, 5)

    // A customer: the checkout says the shop is not taking orders, with no empty choices.
    const customer = await app.open({ lang: 'cht' })
    await customer.goto(`${base}/s/${subdomain}/checkout?lang=cht`)
    await expect.poll(() => customer.locator('[data-checkout-closed]').textContent(), poll).toContain(CLOSED)
    expect(await customer.locator('input[name="payment"]').count()).toBe(0)
    await customer.screenshot({ path: '/tmp/shop-can-sell-closed-cht.png' })

    // The dashboard: the storefront and the product are ticked, payment and delivery are not.
    await office.goto(`${base}/${shopId}/dashboard?lang=cht`)
    await expect.poll(() => ticks(office), poll).toEqual({ shop: 'true', product: 'true', payment: 'false', shipping: 'false' })

    // Delivery: the checklist's step opens the shipping methods; a flat fee saves with no price ranges.
    await office.getByTestId('intro-step-shipping').locator('a').click()
    await expect.poll(() => shell.route(), poll).toBe('settings/shippingMethods')
    const table = new DataTablePage(office)
    await table.emptyAction().click()
    const editor = new EditorPage(office)
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fillTranslatable('name', 'cht', '速遞')
    await editor.fill('price', '30')
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['速遞'])

    await office.goto(`${base}/${shopId}/dashboard?lang=cht`)
    await expect.poll(() => ticks(office), poll).toEqual({ shop: 'true', product: 'true', payment: 'false', shipping: 'true' })

    // Payment: the checklist's step opens the payment settings; cash on pick-up.
    await office.getByTestId('intro-step-payment').locator('a').click()
    await office.getByTestId('payment-settings').waitFor()
    await office.getByTestId('field-pickUp.enabled').check()
    await office.getByTestId('payment-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toBeTruthy()
    await office.goto(`${base}/${shopId}/dashboard?lang=cht`)
    await expect.poll(() => ticks(office), poll).toEqual({ shop: 'true', product: 'true', payment: 'true', shipping: 'true' })
    await office.screenshot({ path: '/tmp/shop-can-sell-checklist-cht.png' })

    // The customer buys: to the cart, the checkout's form, picked up and paid in cash.
    await customer.goto(`${base}/s/${subdomain}/products/${tea._id}?lang=cht`)
    await customer.locator('main a[href$="/cart"]').first().click()
    await expect
      .poll(() => customer.locator('[data-cart-lines] .ef-cart-line__name').first().textContent(), poll)
      .toBe('凍頂烏龍茶')
    await customer.locator('[data-cart-checkout]').click()
    await expect.poll(() => customer.locator('input[name="delivery"]').count(), poll).toBe(2)
    await customer.locator('input[name="customer.firstName"]').fill('美玲')
    await customer.locator('input[name="customer.email"]').fill(`mei-${Date.now()}@example.test`)
    await customer.locator('input[name="customer.phone"]').fill('9123 4567')
    await customer.locator('input[name="delivery"][value="pickUp"]').check()
    await customer.locator('input[name="payment"][value="cash"]').check()
    await customer.locator('[data-checkout-submit]').click()
    await expect.poll(() => customer.locator('[data-order-status]').count(), poll).toBe(1)
    await customer.screenshot({ path: '/tmp/shop-can-sell-order-cht.png' })
  })
})
