import type { Page, WebSocketRoute } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bindCashier, createCashier, scan, tillMenuItem } from '../pages/pos'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { LOAD_MS } from '../support/budget'
import { seedProduct, seedRestock } from '../support/catalogue'
import { mainWarehouse } from '../support/orders'
import { grantFeatures } from '../support/paid-features'
import { countRecords } from '../support/records'

/*
 * The till offline from a cold start (issue 32 items 4 and 8, decision 0140): a freshly opened till says
 * when it is ready offline (its service worker holds every file it can load); the network is cut before
 * any message was shown, the page is even reloaded with no network, and three cash sales are taken — no
 * chunk is missing. When the network returns exactly those three orders arrive, once each. A printer
 * error then reads in Chinese on a cht till, never "pos hardware: notConnected".
 */

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim()

/** One cash sale of one scanned product, paid exactly: F2, the scan, F9, the amount, Enter twice. */
const sellForCash = async (page: Page, code: string, amount: string) => {
  await page.keyboard.press('F2')
  await expect.poll(() => page.getByTestId('pos-empty-cart').count(), poll).toBe(1)
  await page.getByTestId('pos-search').click()
  await scan(page, code)
  await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(1)
  await page.keyboard.press('F9')
  await page.getByTestId('pos-pay-dialog').waitFor()
  await page.keyboard.type(amount)
  await page.keyboard.press('Enter')
  await expect.poll(() => text(page, 'pos-due'), poll).toMatch(/\$0\.00$/)
  await page.keyboard.press('Enter')
  await expect.poll(() => page.getByTestId('pos-pay-dialog').count(), poll).toBe(0)
  await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(0)
}

describe('POS offline from a cold start', () => {
  const app = useApp()

  it('sells three orders after the network goes before any message and the page reloads offline', async () => {
    const base = app.server.url
    const who = await merchant(base, 'pos-cold')
    await grantFeatures(base, who, ['pos'])
    const tea = await seedProduct(base, who, { name: { en: 'Oolong tea' }, price: 1000, posCode: '310001' })
    await seedRestock(base, who, { warehouse: await mainWarehouse(base, who), product: tea._id, quantity: 10 })
    await createCashier(base, who, 'T1', 'Till 1')

    // The network as the test holds it: offline, the till's websocket cannot reach the server either.
    const network = { offline: false, sockets: [] as WebSocketRoute[] }
    const page = await app.open({
      viewport: { width: 1440, height: 900 },
      allowErrors: [/ERR_INTERNET_DISCONNECTED/, /WebSocket connection to .* failed/]
    })
    await page.routeWebSocket(/\/api\/socket\.io\//, (socket) => {
      if (network.offline) return void socket.close()
      socket.connectToServer()
      network.sockets.push(socket)
    })
    await page.addInitScript((token) => localStorage.setItem('emporia-jwt', token), who.session.accessToken)
    await page.goto(app.url(`/${who.shop!._id}/pos`))
    await bindCashier(page, 'T1')
    await expect.poll(() => text(page, 'pos-connection'), poll).toBe('Online')
    // Ready offline: the service worker holds this build's every file. Nothing was said yet (no snackbar).
    await expect
      .poll(() => page.getByTestId('pos-offline-ready').getAttribute('data-state'), { ...poll, timeout: LOAD_MS })
      .toBe('ready')
    expect(await text(page, 'pos-offline-ready')).toBe('Ready offline')
    expect(await page.getByTestId('success-snackbar').count()).toBe(0)

    // The network goes, and the till is opened again with none: a cold start.
    network.offline = true
    await page.context().setOffline(true)
    for (const socket of network.sockets.splice(0)) await socket.close()
    await expect.poll(() => text(page, 'pos-connection'), poll).toBe('Offline')
    // Truly offline: the server cannot be reached from the page.
    expect(
      await page.evaluate(() =>
        fetch('/api/').then(
          () => 'reached',
          () => 'unreachable'
        )
      )
    ).toBe('unreachable')
    await page.reload()
    await page.getByTestId('pos-page').waitFor({ timeout: LOAD_MS })
    await expect.poll(() => text(page, 'pos-connection'), poll).toBe('Offline')
    await expect.poll(() => page.getByTestId('pos-offline-ready').getAttribute('data-state'), poll).toBe('ready')

    for (let sale = 0; sale < 3; sale += 1) await sellForCash(page, '310001', '10')
    await expect.poll(() => text(page, 'pos-pending-orders'), poll).toBe('Unsent orders: 3')
    // The snackbar's chunk came from the worker: the sale said so, and the page is still the till.
    await expect.poll(() => page.getByTestId('success-snackbar').count(), poll).toBeGreaterThan(0)
    expect(await page.getByTestId('pos-page').count()).toBe(1)
    expect(await countRecords(base, who, 'orders')).toBe(0)

    // The network returns: exactly the three orders arrive, once each.
    network.offline = false
    await page.context().setOffline(false)
    await expect.poll(() => text(page, 'pos-connection'), poll).toBe('Online')
    await expect.poll(() => countRecords(base, who, 'orders'), { ...poll, timeout: LOAD_MS }).toBe(3)
    await expect.poll(() => text(page, 'pos-pending-orders'), poll).toBe('Unsent orders: 0')
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await page.getByTestId('pos-pending-orders').click()
    await page.getByTestId('pos-pending-empty').waitFor()
    await page.getByTestId('pos-pending-close').click()
    expect(await countRecords(base, who, 'orders')).toBe(3)

    // A cht till with no printer: reprinting says why in Chinese, never the hardware layer's own text.
    await page.context().addCookies([{ name: 'emporia-lang', value: 'cht', url: base }])
    await page.reload()
    await page.getByTestId('pos-page').waitFor({ timeout: LOAD_MS })
    await expect.poll(() => page.getByTestId('pos-connection').getAttribute('data-online'), poll).toBe('true')
    await sellForCash(page, '310001', '10')
    await expect.poll(() => countRecords(base, who, 'orders'), poll).toBe(4)
    await expect.poll(async () => (await tillMenuItem(page, 'print')).isEnabled(), poll).toBe(true)
    await page.getByTestId('pos-print').click()
    await expect.poll(() => text(page, 'error-snackbar'), poll).toContain('未能列印收據')
    const said = await text(page, 'error-snackbar')
    expect(said).toContain('此收銀機未連接打印機')
    expect(said).not.toMatch(/pos hardware|notConnected/)
  })
})
