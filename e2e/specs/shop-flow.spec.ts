import { describe, expect, it } from 'vitest'
import type { Shop } from '@emporia/shared'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord, seedProduct, seedRestock } from '../support/catalogue'
import { mainWarehouse, patchShop } from '../support/orders'
import { createRecord } from '../support/records'
import { grantFeatures } from '../support/paid-features'
import { bindCashier, createCashier } from '../pages/pos'

const AGE_REQUIRED = '此訂單含有年齡限制商品：請確認顧客已達法定年齡'

/**
 * The shop-flow flags (decision 0178), in cht: the merchant turns "no delivery" and "age check" on in
 * settings/shop; a customer's checkout then has no delivery step, and asks them to confirm their age
 * before it takes an order of wine.
 */
describe('shop flow', () => {
  const app = useApp()

  it('an admin turns on no delivery and the age check; the storefront checkout follows them', async () => {
    const base = app.server.url
    const who = await merchant(base, 'shopflow')
    const shopId = who.shop!._id
    // Bank transfer and no delivery method: the shop cannot sell until it skips shipping.
    await patchShop(base, who, {
      bankTransfer: { enabled: true, accounts: [{ bankName: '恒生銀行', name: '酒莊有限公司', no: '024-555-1', enabled: true }] },
      pickUp: { enabled: false }
    })
    await createRecord(base, who, 'themes/install', { template: 'jade', mode: 'install' })
    const wine = await seedProduct(base, who, { name: { en: 'Red wine', cht: '紅酒' }, price: 18000, ageRestricted: true })
    await seedRestock(base, who, { warehouse: await mainWarehouse(base, who), product: wine._id, quantity: 5 })

    // The merchant, in settings/shop.
    const office = await app.openAs(who, `/${shopId}/settings/shop`, { lang: 'cht' })
    await office.getByTestId('shop-flow').waitFor()
    expect(await office.getByTestId('shop-flow').textContent()).toContain('網店結帳不設送貨步驟')
    await office.getByTestId('field-skipShipping').check()
    await office.getByTestId('field-ageRestricted').check()
    await office.getByTestId('shop-flow-save').click()
    await expect
      .poll(async () => {
        const shop = await readRecord<Shop>(base, who, 'shops', shopId)
        return [shop.skipShipping, shop.ageRestricted]
      }, poll)
      .toEqual([true, true])

    // The customer: wine in the cart, a checkout with no delivery step and an age question.
    const store = `${base}/s/${who.shop!.subdomain}`
    // The refused checkout's 400 is the point of the step, not a fault.
    const customer = await app.open({ lang: 'cht', allowErrors: [/status of 400 \(Bad Request\)/] })
    await customer.goto(`${store}/products/${wine._id}?lang=cht`)
    await customer.locator('main a[href$="/cart"]').first().click()
    await expect.poll(() => customer.locator('[data-cart-lines] .ef-cart-line__name').first().textContent(), poll).toBe('紅酒')
    await customer.locator('[data-cart-checkout]').click()
    await customer.locator('[data-age-gate]:not([hidden])').waitFor()
    expect(await customer.locator('input[name="delivery"]').count()).toBe(0)
    await customer.locator('input[name="customer.firstName"]').fill('志明')
    await customer.locator('input[name="customer.email"]').fill(`chi-${Date.now()}@example.test`)
    await customer.locator('input[name="customer.phone"]').fill('9123 4567')
    await customer.locator('input[name="payment"][value="bank"]').check()
    // Without the box ticked the server refuses, in the shopper's language.
    await customer.locator('[data-checkout-submit]').click()
    await expect.poll(() => customer.locator('[data-error-for="ageConfirmed"]').textContent(), poll).toBe(AGE_REQUIRED)
    await customer.locator('input[name="ageConfirmed"]').check()
    await customer.locator('[data-checkout-submit]').click()
    await expect.poll(() => customer.locator('[data-order-status]').textContent(), poll).toBe('準備中')
    expect(await customer.locator('main').textContent()).not.toContain('運費')

    // Parcel tracking: the order's shipping card has the tracking link once the merchant turns it on,
    // and the customer's order page links the carrier's page.
    const orderId = new URL(customer.url()).pathname.split('/').pop()!.split('.')[0]
    await office.goto(app.url(`/${shopId}/orders/${orderId}`))
    await office.getByTestId('order-shipping').waitFor()
    expect(await office.getByTestId('ship-trackingUrl').count()).toBe(0)
    await office.goto(app.url(`/${shopId}/settings/shop`))
    await office.getByTestId('field-useTracking').check()
    await office.getByTestId('shop-flow-save').click()
    await expect.poll(async () => (await readRecord<Shop>(base, who, 'shops', shopId)).useTracking, poll).toBe(true)
    await office.goto(app.url(`/${shopId}/orders/${orderId}`))
    const url = 'https://track.example.com/SF123'
    await office.getByTestId('ship-trackingUrl').fill(url)
    await office.getByTestId('ship-save').click()
    await customer.reload()
    await expect.poll(() => customer.locator('[data-order-tracking] a').getAttribute('href'), poll).toBe(url)

    // The till (decision 0196): the first bottle of a sale asks the cashier at once, from the stored
    // catalogue; "do not sell" leaves it off, a yes adds it, and the second bottle asks nothing.
    await grantFeatures(base, who, ['pos'])
    await createCashier(base, who, 'T1', '一號機')
    const till = await app.openAs(who, `/${shopId}/pos`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    await bindCashier(till, 'T1')
    const tile = till.getByTestId(`pos-product-${wine._id}`)
    await tile.waitFor({ timeout: poll.timeout })
    await till.keyboard.press('F2')
    await tile.click()
    const question = till.getByTestId('pos-age-check')
    await question.waitFor({ timeout: poll.timeout })
    expect(await question.getByTestId('confirm-text').textContent()).toContain('請查看顧客的身份證明')
    await question.getByTestId('confirm-cancel').click()
    await question.waitFor({ state: 'hidden', timeout: poll.timeout })
    expect(await till.getByTestId('pos-line-0').count()).toBe(0)
    await tile.click()
    await question.getByTestId('confirm-ok').click()
    await expect.poll(() => till.getByTestId('pos-line-0').count(), poll).toBe(1)
    await question.waitFor({ state: 'hidden', timeout: poll.timeout })
    await tile.click()
    await expect.poll(() => till.getByTestId('pos-line-qty-0').inputValue(), poll).toBe('2')
    expect(await question.isVisible()).toBe(false)
  })
})
