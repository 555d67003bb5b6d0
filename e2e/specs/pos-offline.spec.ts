import type { Page, WebSocketRoute } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bindCashier, createCashier, scan, tillAction } from '../pages/pos'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp, type AppHarness } from '../support/app'
import { LOAD_MS } from '../support/budget'
import { readRecord, seedProduct, seedRestock } from '../support/catalogue'
import { mainWarehouse, patchShop } from '../support/orders'
import { grantFeatures } from '../support/paid-features'
import { countRecords, createRecord } from '../support/records'

/*
 * Selling offline (issue 16, decision 0099): the network is cut, three cash sales are taken and held in
 * the till's IndexedDB queue, the network comes back and exactly three orders reach the server, once
 * each, with the stock moved by three. Driven through the selling screen's agreed test ids.
 */

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim()

/** The till, signed in, with its websocket under the test's control: setOffline alone may leave it open. */
const openTill = async (app: AppHarness, who: Merchant, network: { sockets: WebSocketRoute[] }) => {
  // Offline, the socket's reconnects fail in the browser as they would with no network (said in the console).
  const page = await app.open({ viewport: { width: 1440, height: 900 }, allowErrors: [/ERR_INTERNET_DISCONNECTED/] })
  await page.routeWebSocket(/\/api\/socket\.io\//, (socket) => {
    socket.connectToServer()
    network.sockets.push(socket)
  })
  await page.addInitScript((token) => localStorage.setItem('emporia-jwt', token), who.session.accessToken)
  await page.goto(app.url(`/${who.shop!._id}/pos`))
  return page
}

/** One cash sale of one scanned product, paid exactly: F2 new order, the scan, F9 pay, the amount, Enter twice. */
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
  await expect.poll(() => text(page, 'pos-due'), poll).toBe('$0.00')
  await page.keyboard.press('Enter')
  await expect.poll(() => page.getByTestId('pos-pay-dialog').count(), poll).toBe(0)
  await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(0)
}

const stockOf = async (baseUrl: string, who: Merchant, product: string) =>
  (await readRecord<{ cachedInventory: number }>(baseUrl, who, 'products', product)).cachedInventory

describe('POS offline queue', () => {
  const app = useApp()

  it('holds three cash sales while offline and sends exactly those three when the network returns', async () => {
    const base = app.server.url
    const who = await merchant(base, 'pos-offline')
    await grantFeatures(base, who, ['pos'])
    await patchShop(base, who, { useCashboxLog: true })
    const tea = await seedProduct(base, who, { name: { en: 'Jasmine tea' }, price: 1000, posCode: '300001' })
    await seedRestock(base, who, { warehouse: await mainWarehouse(base, who), product: tea._id, quantity: 10 })
    await createCashier(base, who, 'T1', 'Till 1')
    // The drawer is counted open before selling (spec §4.8); the cash check dialog is another test's.
    await createRecord(base, who, 'cashboxLogs', { type: 'beginCheck', amount: 20_000 })

    const network = { sockets: [] as WebSocketRoute[] }
    const page = await openTill(app, who, network)
    await bindCashier(page, 'T1')
    await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-drawer'), poll).toBe('open')
    await expect.poll(() => text(page, 'pos-connection'), poll).toBe('Online')
    // Sold online first: sent at once, nothing waits.
    await sellForCash(page, '300001', '10')
    await expect.poll(() => countRecords(base, who, 'orders'), poll).toBe(1)
    await expect.poll(() => text(page, 'pos-pending-orders'), poll).toBe('Unsent orders: 0')

    // The network goes: the browser says so, and the socket the test holds is closed with it.
    await page.context().setOffline(true)
    for (const socket of network.sockets) await socket.close()
    await expect.poll(() => text(page, 'pos-connection'), poll).toBe('Offline')

    for (let sale = 0; sale < 3; sale += 1) await sellForCash(page, '300001', '10')
    await expect.poll(() => text(page, 'pos-pending-orders'), poll).toBe('Unsent orders: 3')
    // Held in the browser: the server has only the online sale, and the stock moved by it alone.
    expect(await countRecords(base, who, 'orders')).toBe(1)
    expect(await stockOf(base, who, tea._id)).toBe(9)
    const queued = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const request = indexedDB.open('emporiaPos')
          request.onsuccess = () => {
            const count = request.result.transaction('orders').objectStore('orders').count()
            count.onsuccess = () => resolve(count.result)
            count.onerror = () => reject(count.error)
          }
          request.onerror = () => reject(request.error)
        })
    )
    expect(queued).toBe(3)

    // The network returns: the queue sends oldest first, once each.
    await page.context().setOffline(false)
    await expect.poll(() => text(page, 'pos-connection'), poll).toBe('Online')
    await expect.poll(() => countRecords(base, who, 'orders'), { ...poll, timeout: LOAD_MS }).toBe(4)
    await expect.poll(() => text(page, 'pos-pending-orders'), poll).toBe('Unsent orders: 0')
    expect(await stockOf(base, who, tea._id)).toBe(6)
    // Another flush (another online event, a re-authentication) sends nothing twice.
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await page.getByTestId('pos-pending-orders').click()
    await page.getByTestId('pos-pending-empty').waitFor()
    expect(await countRecords(base, who, 'orders')).toBe(4)
    expect(await stockOf(base, who, tea._id)).toBe(6)

    // The day's summary report counts the replayed sales with the online one: four cash sales of $10.00.
    await page.getByTestId('pos-pending-close').click()
    await tillAction(page, 'report')
    await page.getByTestId('pos-summary-dialog').waitFor()
    await expect.poll(() => text(page, 'pos-summary-basic-orders'), poll).toBe('Orders4')
    expect(await text(page, 'pos-summary-basic-total')).toBe('Total$40.00')
    expect(await text(page, 'pos-summary-payment-cash')).toBe('Cash4$40.00$0.00')
  })
})
