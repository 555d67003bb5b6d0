import type { Page, WebSocketRoute } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp, type AppHarness } from '../support/app'
import { readRecord } from '../support/catalogue'
import { stockedProduct } from '../support/orders'
import { paidServer, postgresReachable } from '../support/paid-features'
import { countRecords, createRecord } from '../support/records'

/*
 * Selling offline (issue 16, decision 0099): the network is cut, three cash sales are taken and held in
 * the till's IndexedDB queue, the network comes back and exactly three orders reach the server, once
 * each, with the stock moved by three. Driven through the selling screen's agreed test ids.
 */

const paid = paidServer()
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

/** Chooses the station in the cashier-setup dialog shown on a device with none bound (spec §2.13). */
const chooseCashier = async (page: Page, name: string) => {
  const setup = page.getByTestId('pos-cashier-setup')
  await setup.waitFor()
  await setup.locator('[data-testid^="pos-cashier-"]', { hasText: name }).first().click()
  await setup.waitFor({ state: 'hidden' })
}

/** One cash sale of one product, paid exactly. */
const sellForCash = async (page: Page, product: string, amount: string) => {
  await page.getByTestId('pos-new-order').click()
  await page.getByTestId(`pos-product-${product}`).click()
  await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(1)
  await page.getByTestId('pos-pay').click()
  const dialog = page.getByTestId('pos-pay-dialog')
  await dialog.waitFor()
  await page.getByTestId('pos-tender-cash').click()
  await page.getByTestId('pos-tender-amount').fill(amount)
  await page.getByTestId('pos-tender-add').click()
  await page.getByTestId('pos-pay-confirm').click()
  await dialog.waitFor({ state: 'hidden' })
}

const stockOf = async (baseUrl: string, who: Merchant, product: string) =>
  (await readRecord<{ cachedInventory: number }>(baseUrl, who, 'products', product)).cachedInventory

describe.skipIf(!postgresReachable)('POS offline queue', () => {
  const app = useApp({ startServer: paid.start })

  it('holds three cash sales while offline and sends exactly three orders when the network returns', async () => {
    const base = app.server.url
    const who = await merchant(base, 'pos-offline')
    await paid.enable(base, who, ['pos'])
    const tea = await stockedProduct(base, who, 'Jasmine tea', 1000, 10)
    const cashier = await createRecord(base, who, 'shop/cashiers', { id: 'till-1', name: 'Till 1' })
    // The drawer is counted before selling (spec §4.8), whether or not the shop keeps a cashbox log.
    await createRecord(base, who, 'cashboxLogs', { type: 'beginCheck', amount: 0, cashier: cashier._id })

    const network = { sockets: [] as WebSocketRoute[] }
    const page = await openTill(app, who, network)
    await chooseCashier(page, 'Till 1')
    await page.getByTestId(`pos-product-${tea._id}`).waitFor()
    await expect.poll(() => text(page, 'pos-connection'), poll).toMatch(/online/i)

    // The network goes: the browser says so, and the socket the test holds is closed with it.
    await page.context().setOffline(true)
    for (const socket of network.sockets) await socket.close()
    await expect.poll(() => text(page, 'pos-connection'), poll).toMatch(/offline/i)

    for (let sale = 0; sale < 3; sale += 1) await sellForCash(page, tea._id, '10.00')
    await expect.poll(() => text(page, 'pos-pending-orders'), poll).toContain('3')
    // Held in the browser: the server has none of them yet, and the stock has not moved.
    expect(await countRecords(base, who, 'orders')).toBe(0)
    expect(await stockOf(base, who, tea._id)).toBe(10)
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
    await expect.poll(() => text(page, 'pos-connection'), { ...poll, timeout: 30_000 }).toMatch(/online/i)
    await expect.poll(() => countRecords(base, who, 'orders'), { ...poll, timeout: 30_000 }).toBe(3)
    await expect.poll(() => text(page, 'pos-pending-orders'), poll).toContain('0')
    expect(await stockOf(base, who, tea._id)).toBe(7)
    // A reconnect flushes again (another online event, a re-authentication): still exactly three.
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await page.getByTestId('pos-pending-orders').click()
    await page.getByTestId('pos-pending-empty').waitFor()
    expect(await countRecords(base, who, 'orders')).toBe(3)
    expect(await stockOf(base, who, tea._id)).toBe(7)
  })
})
