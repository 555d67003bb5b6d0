import { describe, expect, it } from 'vitest'
import { startXeroDouble, type XeroDouble } from '../../apps/server/test/support/xero-double'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createOrder, pay, stockedProduct } from '../support/orders'
import { startServer } from '../support/server'

// apps/web/src/features/settings-integrations/settings-integrations.messages.ts, cht.
const NOT_CONNECTED = '未連接'
const CONNECTED = '已連接至 Harbour Tea Ltd'
const NOT_READY = '請選擇機構及帳戶，以開始送出記錄。'
const SENT = '已送出'
// …and its payment gateways' card: a new shop has every gateway off, and names none of its keys.
const GATEWAY_OFF = '已關閉'

/**
 * settings/integrations (spec §2.2, §3.1; decision 0197) in cht: the merchant connects the accounting
 * service (a local double of Xero, approving at once), chooses the accounts, an order is paid, and its
 * invoice reaches the double once, with its payment, while the screen shows the record sent.
 */
describe('settings/integrations: accounting', () => {
  let xero: XeroDouble
  const app = useApp({
    startServer: async () => {
      xero = await startXeroDouble()
      const server = await startServer({
        env: { XERO_CLIENT_ID: xero.clientId, XERO_IDENTITY_BASE: xero.identityBase, XERO_API_BASE: xero.apiBase }
      })
      return { ...server, stop: async () => (await server.stop(), await xero.close()) }
    }
  })

  it('connects from the screen, chooses accounts and sends a paid order as one invoice', async () => {
    const base = app.server.url
    const who = await merchant(base, 'xero')
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/settings`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    await page.locator(`[data-testid="settings-index"] a[href$="/settings/integrations"]`).click()
    const state = page.getByTestId('accounting-state')
    await expect.poll(() => shell.text(state), poll).toBe(NOT_CONNECTED)
    const wallet = page.getByTestId('gateway-alipayHk').getByTestId('gateway-state')
    await expect.poll(() => shell.text(wallet), poll).toBe(GATEWAY_OFF)

    // The double's consent page approves at once and sends the browser back to the callback route.
    await page.getByTestId('accounting-connect').click()
    await expect.poll(() => shell.text(state), poll).toBe(CONNECTED)
    expect(page.url()).toContain(`/${shop}/settings/integrations`)
    expect(await shell.text(page.getByTestId('integration-accounting'))).toContain(NOT_READY)

    await page.getByTestId('accounting-choose').click()
    const choose = async (field: string, option: string) => {
      await page.getByTestId(`accounting-${field}`).click()
      await page.getByRole('option', { name: option }).click()
    }
    await choose('salesAccount', '200 Sales')
    await choose('bankAccount', 'Business Bank Account')
    await choose('defaultContact', 'Cash Sales')
    await page.getByTestId('accounting-save').click()
    await expect.poll(() => page.getByTestId('accounting-choices').count(), poll).toBe(0)
    expect(await shell.text(page.getByTestId('integration-accounting'))).not.toContain(NOT_READY)

    const tea = await stockedProduct(base, who, 'Oolong', 1250, 5)
    const order = await createOrder(base, who, { source: 'admin', products: [{ product: tea._id, quantity: 2 }], payments: [] })
    await pay(base, who, { order: order._id, method: 'credit', amount: order.total })

    const invoices = () => xero.state.invoices.filter((invoice) => invoice.InvoiceNumber === order.orderId)
    await expect.poll(() => invoices().length, poll).toBe(1)
    await expect.poll(() => invoices()[0].AmountPaid, poll).toBe(25)
    expect(invoices()[0]).toMatchObject({ Total: 25, Reference: order._id })

    // The screen shows the record sent: asked on load, and again every few seconds while one is waiting.
    await page.reload()
    const recent = page.getByTestId('accounting-recent')
    await expect.poll(() => shell.text(recent), poll).toContain(order.orderId)
    await expect.poll(() => shell.text(recent), poll).toContain(SENT)
    expect(await shell.text(page.getByTestId('accounting-last-sync'))).toMatch(/\d/)
    expect(invoices()).toHaveLength(1)
  })
})
