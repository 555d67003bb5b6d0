import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { Shell } from '../pages/shell'
import { codeIn, latestMail, merchant, uniqueEmail } from '../support/api'
import { poll, useApp } from '../support/app'
import { writePublishedTopic } from '../support/mini'
import { stockedProduct } from '../support/orders'
import { expectTrialWith } from '../support/paid-features'

// apps/web/src/features/settings-payment and orders (cht), apps/mini/src/lib/messages.ts (cht).
const SAVED = '儲存成功'
const MINI_SOURCE = '小程序'
const PREPARING = '準備中'

/**
 * The mini-program's H5 build (decisions 0206, 0207), in cht: a merchant in the trial (the app feature,
 * which brings the mini-program) lets shoppers pick up and pay cash from settings/payment and writes a
 * topic page showing a tea from Mini → Topics; a shopper on a phone-sized browser opens the shop's
 * `{base}/_mini/`, the campaign from its home, adds the tea, checks out as a guest, and sees the order's
 * page; the checkout offers only what the shop accepts (cash on pick-up, nothing else). The shopper then
 * signs in on the H5 build with the storefront's e-mail code (read from the dev mailbox) and sees the
 * order in their list; the back office's orders list shows the order with its source, the mini-program.
 */
describe('the mini-program on H5', () => {
  const app = useApp()

  it('buys a topic page product on the H5 build; the back office lists the order from the mini-program', async () => {
    const base = app.server.url
    const who = await merchant(base, 'mini-h5')
    const shopId = who.shop!._id
    await expectTrialWith(base, who, ['app'])
    await stockedProduct(base, who, '凍頂烏龍', 12800, 5)

    // The merchant: pick-up with cash, then the topic page, both by clicking.
    const office = await app.openAs(who, `/${shopId}/settings/payment`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(office)
    await office.getByTestId('payment-settings').waitFor()
    await office.getByTestId('field-pickUp.enabled').check()
    await office.getByTestId('payment-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain(SAVED)
    await shell.menu('mini').first().click()
    await shell.menu('mini/topics').click()
    await writePublishedTopic(office, { name: '秋茶節', product: { search: '凍頂', pick: '凍頂烏龍' } })

    // The shopper, on a phone: the shop's H5 mini-program, its campaign, the tea, the checkout.
    const phone = await app.open({ lang: 'cht', viewport: { width: 390, height: 844 }, touch: true })
    const store = `${base}/s/${who.shop!.subdomain}`
    const opened = await phone.goto(`${store}/_mini/?lang=cht`)
    expect(opened?.status()).toBe(200)
    const topic = phone.locator('.topic-card', { hasText: '秋茶節' })
    await topic.waitFor()
    await topic.click()
    await expect.poll(() => phone.locator('.topic-title').textContent(), poll).toBe('秋茶節')
    const tea = phone.locator('.topic-product', { hasText: '凍頂烏龍' })
    expect(await tea.locator('.card-price').textContent()).toBe('$128.00')
    await tea.locator('.add-to-cart').click()
    await expect.poll(() => tea.locator('.added').count(), poll).toBe(1)
    await phone.locator('.nav-cart').last().click()
    await expect.poll(() => phone.locator('.cart-total').last().textContent(), poll).toBe('總計 $128.00')
    await phone.locator('.to-checkout').last().click()
    const checkout = phone.locator('.page.checkout').last()
    await checkout.waitFor()
    // Only what the shop turned on (decision 0206's checkout-options): cash on pick-up, with its label.
    expect(await checkout.locator('.payments .choice').count()).toBe(1)
    expect(await checkout.locator('.payment-cash').textContent()).toContain('自取時付現金')
    const email = uniqueEmail('mei')
    await checkout.locator('.field-firstName input').fill('美玲')
    await checkout.locator('.field-email input').fill(email)
    await checkout.locator('.field-phone input').fill('9123 4567')
    await checkout.locator('.payment-cash').click()
    await expect.poll(() => checkout.locator('.cart-total').textContent(), poll).toBe('總計 $128.00')
    await checkout.locator('.place-order').click()
    const order = phone.locator('.page.order').last()
    await expect.poll(() => order.locator('.order-status').textContent(), poll).toBe(`狀態: ${PREPARING}`)
    const number = ((await order.locator('.order-number').textContent()) ?? '').replace('訂單 ', '')
    expect(number).toMatch(/\S/)

    // The shopper signs in with the storefront's e-mail code: the first sign-in registers, then "Me" lists the order.
    await order.locator('.nav-orders').click()
    await phone.locator('.to-sign-in').last().click()
    const signIn = phone.locator('.page.sign-in').last()
    await signIn.locator('.sign-in-email input').fill(email)
    await signIn.locator('.send-code').click()
    await signIn.locator('.sign-in-code input').fill(codeIn(await latestMail(base, email, 'shopSignIn')))
    await signIn.locator('.submit-code').click()
    await signIn.locator('.sign-in-name input').fill('美玲')
    await signIn.locator('.submit-code').click()
    const mine = phone.locator('.page.orders').last()
    await expect.poll(() => mine.locator('.order-row .order-number').allTextContents(), poll).toEqual([number])

    // The back office: the order, from the mini-program.
    await office.goto(app.url(`/${shopId}/orders`))
    const table = new DataTablePage(office)
    await expect.poll(() => table.cellTexts('orderId'), poll).toEqual([number])
    expect(await table.cellTexts('source')).toEqual([MINI_SOURCE])
  })
})
