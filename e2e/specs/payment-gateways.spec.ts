import { describe, expect, inject, it } from 'vitest'
import {
  startAlipayDouble,
  startTerminalDouble,
  type AlipayDouble,
  type TerminalDouble
} from '../../apps/server/test/support/gateway-doubles'
import { bindCashier, createCashier, scan } from '../pages/pos'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord, seedProduct, seedRestock } from '../support/catalogue'
import { mainWarehouse, patchShop, stockedProduct } from '../support/orders'
import { e2eServerEnv } from '../support/paid-features'
import { createRecord } from '../support/records'
import { startServer } from '../support/server'

// apps/web/src/lib/i18n/lists/cht.ts: the editor's "saved".
const SAVED_CHT = '儲存成功'
// packages/theme/src/commerce/commerce-messages.ts (cht)
const UNPAID_CHT = '等待付款'
const PAID_CHT = '已付款'

/** A PEM key as a merchant pastes it from the gateway's tool: the base64 body on one line. */
const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '')

let alipay: AlipayDouble
let terminal: TerminalDouble

/**
 * The Hong Kong payment gateways (decisions 0199, 0200), in cht, through local doubles the server's real
 * clients talk to: the merchant enables the mobile wallet and the card terminal on settings/payment, a
 * shopper pays with the wallet on the storefront (its signed notification pays the order), and a till sale
 * is paid on the terminal.
 */
describe('payment gateways', () => {
  const app = useApp({
    startServer: async () => {
      alipay = await startAlipayDouble()
      terminal = await startTerminalDouble()
      const server = await startServer({
        env: { ...e2eServerEnv(inject('stripeDoubleUrl')), ALIPAY_GATEWAY_URL: alipay.url, TERMINAL_API_BASE: terminal.url }
      })
      return {
        url: server.url,
        stop: async () => {
          await server.stop()
          await alipay.close()
          await terminal.close()
        }
      }
    }
  })

  it('enables the wallet and the terminal; a shopper pays by wallet and the till by terminal', async () => {
    const base = app.server.url
    const who = await merchant(base, 'gateways')
    const shopId = who.shop!._id
    await patchShop(base, who, { pickUp: { enabled: true, address: '旺角彌敦道 1 號' } })
    await createRecord(base, who, 'themes/install', { template: 'jade', mode: 'install' })
    const tea = await stockedProduct(base, who, '普洱茶', 8800, 10)
    const cup = await seedProduct(base, who, { name: { en: '茶杯' }, price: 4500, posCode: '300001' })
    await seedRestock(base, who, { warehouse: await mainWarehouse(base, who), product: cup._id, quantity: 5 })

    // The merchant: settings/payment, the wallet's and the terminal's credentials, the keys write-only.
    const office = await app.openAs(who, `/${shopId}/settings/payment`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(office)
    await office.getByTestId('payment-settings').waitFor()
    const field = (name: string) => office.getByTestId(`field-paymentGateways.${name}`)
    await field('alipayHk.enabled').check()
    await field('alipayHk.id').fill(alipay.appId)
    await field('alipayHk.key').fill(bare(alipay.merchant.privateKey))
    await field('alipayHk.sign').fill(bare(alipay.alipay.publicKey))
    await field('terminal.enabled').check()
    await field('terminal.staging').uncheck()
    await field('terminal.id').fill(terminal.mid)
    await field('terminal.key').fill(terminal.key)
    await office.getByTestId('payment-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain(SAVED_CHT)
    await expect.poll(() => field('terminal.key-status').getAttribute('data-set'), poll).toBe('true')
    expect(await field('alipayHk.sign-status').getAttribute('data-set')).toBe('true')
    expect(await field('terminal.key').inputValue()).toBe('')
    const shop = await readRecord<Record<string, unknown>>(base, who, 'shops', shopId)
    expect(shop.paymentGateways).toMatchObject({
      alipayHk: { enabled: true, staging: true, id: alipay.appId, hasKey: true, hasSign: true },
      terminal: { enabled: true, staging: false, id: terminal.mid, hasKey: true }
    })
    expect(JSON.stringify(shop)).not.toContain(terminal.key)

    // The shopper: the storefront's checkout with the mobile wallet; the order waits for the wallet.
    const storefront = `/s/${(who.shop as { subdomain: string }).subdomain}`
    const customer = await app.open({ lang: 'cht' })
    await customer.goto(`${base}${storefront}/products/${tea._id}?lang=cht`)
    await customer.locator('main a[href$="/cart"]').first().click()
    await customer.locator('[data-cart-checkout]').click()
    await customer.locator('input[name="customer.firstName"]').fill('家明')
    await customer.locator('input[name="customer.lastName"]').fill('李')
    await customer.locator('input[name="customer.email"]').fill(`ming-${Date.now()}@example.test`)
    await customer.locator('input[name="customer.phone"]').fill('9876 5432')
    await customer.locator('input[name="payment"][value="mobileWallet"]').check()
    await customer.locator('[data-checkout-submit]').click()
    await expect.poll(() => customer.locator('[data-order-status]').textContent(), poll).toBe(UNPAID_CHT)
    const code = await customer.locator('[data-wallet-code]').getAttribute('data-wallet-code')
    // A shopper at a computer scans the code drawn beside the button (packages/theme's qr-code test reads it back).
    expect(await customer.locator('[data-wallet] [data-wallet-qr]').isVisible()).toBe(true)
    const trade = [...alipay.trades.values()].find((one) => code === `https://qr.alipay.hk/${one.outTradeNo}`)
    expect(trade).toMatchObject({ totalAmount: '88.00', status: 'WAIT_BUYER_PAY' })
    // The wallet pays; Alipay's signed notification reaches the shop's webhook, twice as Alipay may send it.
    const hook = `${base}/api/payments/webhooks/alipay-hk/${shopId}`
    expect((await alipay.pay(trade!.outTradeNo, hook)).body).toBe('success')
    expect((await alipay.post(hook, alipay.notification(trade!.outTradeNo))).body).toBe('success')
    await expect
      .poll(async () => {
        await customer.reload()
        return customer.locator('[data-order-status]').textContent()
      }, poll)
      .toBe(PAID_CHT)

    // The till: a sale paid on the connected card terminal.
    await createCashier(base, who, 'T1', '一號收銀台')
    await office.goto(`${base}/${shopId}/pos`)
    await office.getByTestId('pos-page').waitFor()
    await bindCashier(office, 'T1')
    await office.keyboard.press('F2')
    await office.getByTestId('pos-empty-cart').waitFor()
    await office.getByTestId('pos-search').click()
    await scan(office, '300001')
    await expect.poll(() => office.getByTestId('pos-line-0').count(), poll).toBe(1)
    await office.keyboard.press('F9')
    await office.getByTestId('pos-pay-dialog').waitFor()
    await office.getByTestId('pos-tender-terminal').click()
    await office.getByTestId('pos-tender-add').click()
    await office.getByTestId('pos-pay-confirm').click()
    await office.getByTestId('pos-gateway-terminal').waitFor()
    await expect.poll(() => terminal.sales.size, poll).toBe(1)
    const sale = [...terminal.sales.values()][0]
    expect(sale).toMatchObject({ amount: 4500, currency: 'hkd', status: 'pending' })
    expect(await terminal.settle(sale.reference, 'approved', `${base}/api/payments/webhooks/terminal/${shopId}`)).toBe(200)
    await office.getByTestId('pos-gateway-wait').waitFor({ state: 'detached', timeout: poll.timeout })
    await expect.poll(() => office.getByTestId('pos-line-0').count(), poll).toBe(0)
    const payment = await readRecord<{ status: string; method: string; order: string }>(base, who, 'payments', sale.reference)
    expect(payment).toMatchObject({ status: 'paid', method: 'terminal' })
    expect(await readRecord<{ status: string }>(base, who, 'orders', payment.order)).toMatchObject({ status: 'paid' })
  })
})
