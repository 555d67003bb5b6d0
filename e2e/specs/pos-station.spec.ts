import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { tillAction } from '../pages/pos'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createOrder, pay, patchShop, stockedProduct } from '../support/orders'
import { grantFeatures } from '../support/paid-features'
import { createRecord, getRecord } from '../support/records'

// apps/web/src/features/pos/station.messages.ts, en.
const NOT_SET_UP = 'Cashier Not Setup'
const RELEASED = 'This device no longer has a cashier'

interface CashierRecord {
  _id: string
  id: string
  name: string
  deviceId?: string | null
}

/** The till's station (decision 0100): a device binds a cashier, another takes it over, and counts its drawer. */
describe('POS station', () => {
  const app = useApp()
  let owner: Merchant
  const cashiers: Record<string, CashierRecord> = {}
  const ownerOnce = async () => {
    if (owner) return owner
    owner = await merchant(app.server.url, 'pos-station')
    await grantFeatures(app.server.url, owner, ['pos'])
    await patchShop(app.server.url, owner, { useCashboxLog: true })
    for (const [id, name] of [
      ['C1', 'Front counter'],
      ['C2', 'Back counter']
    ])
      cashiers[id] = (await createRecord(app.server.url, owner, 'shop/cashiers', { id, name })) as unknown as CashierRecord
    return owner
  }
  const cashier = (who: Merchant, id: string) => getRecord<CashierRecord>(app.server.url, who, 'shop/cashiers', cashiers[id]._id)
  const title = (page: Page) => page.getByTestId('pos-title').textContent()
  const openTill = async (who: Merchant) => {
    const page = await app.openAs(who, `/${who.shop!._id}/pos`, { viewport: { width: 1440, height: 900 } })
    await page.getByTestId('pos-cashier-setup').waitFor({ timeout: poll.timeout })
    return page
  }
  const bind = async (page: Page, id: string) => {
    const item = page.getByTestId(`pos-cashier-${id}`)
    await item.waitFor({ timeout: poll.timeout })
    await item.getByTestId('pos-cashier-select').click()
  }

  it('asks a new device for its cashier, says "Cashier Not Setup" when closed without one, then binds one', async () => {
    const who = await ownerOnce()
    const page = await openTill(who)
    const shell = new Shell(page)
    // Every cashier of the shop is offered, none in use yet.
    await expect.poll(() => page.getByTestId('pos-cashier-C2').getAttribute('data-state'), poll).toBe('free')
    await page.getByTestId('pos-cashier-setup-close').click()
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain(NOT_SET_UP)

    await page.reload()
    await page.getByTestId('pos-cashier-setup').waitFor({ timeout: poll.timeout })
    await bind(page, 'C1')
    // Bound: the dialog closes and the title carries the cashier and its name (spec §2.13).
    await expect.poll(() => page.getByTestId('pos-cashier-setup').count(), poll).toBe(0)
    await expect.poll(() => title(page), poll).toContain('Front counter')
    const stored = await cashier(who, 'C1')
    // The device's key id: base64 SHA-256 (spec §7.5).
    expect(stored.deviceId).toMatch(/^[A-Za-z0-9+/]{43}=$/)

    // Opened again on this device, the till comes up with its cashier and no setup dialog.
    await page.reload()
    await expect.poll(() => title(page), poll).toContain('Front counter')
    expect(await page.getByTestId('pos-cashier-setup').count()).toBe(0)
  })

  it('clears the cashier on the first device when a second device takes it over (realtime)', async () => {
    const who = await ownerOnce()
    const first = await openTill(who)
    await bind(first, 'C2')
    await expect.poll(() => title(first), poll).toContain('Back counter')
    const firstDevice = (await cashier(who, 'C2')).deviceId

    // Another browser is another device (its own key in its own IndexedDB).
    const second = await openTill(who)
    await expect.poll(() => second.getByTestId('pos-cashier-C2').getAttribute('data-state'), poll).toBe('elsewhere')
    await bind(second, 'C2')
    // Taking a cashier from another device is a second yes.
    await second.getByTestId('pos-cashier-takeover').getByTestId('confirm-ok').click()
    await expect.poll(() => title(second), poll).toContain('Back counter')
    const secondDevice = (await cashier(who, 'C2')).deviceId
    expect(secondDevice).not.toBe(firstDevice)

    // The first device hears the update and lets the cashier go, announcing it.
    await expect.poll(() => first.getByTestId('pos-station-announce').textContent(), poll).toBe(RELEASED)
    await expect.poll(async () => (await title(first)) ?? '', poll).not.toContain('Back counter')
  })

  it('records a begin check of the station’s drawer and shows what the server worked out', async () => {
    const who = await ownerOnce()
    const page = await openTill(who)
    // C1 is still bound to the first test's device: this one takes it over.
    await bind(page, 'C1')
    await page.getByTestId('pos-cashier-takeover').getByTestId('confirm-ok').click()
    await expect.poll(() => title(page), poll).toContain('Front counter')
    const dialog = page.getByTestId('pos-cash-check-dialog')
    // The selling screen may open the check itself (a begin check comes first, spec §4.8); else its button
    // does. Either may come first, so the button is pressed only while no check is open; a press the
    // dialog covers meanwhile gives up after a while (a few seconds: a loaded machine's click) and the
    // next round sees the dialog.
    await expect
      .poll(async () => {
        if ((await dialog.count()) === 0) await tillAction(page, 'cash-check', 5000).catch(() => undefined)
        return dialog.count()
      }, poll)
      .toBe(1)
    expect(await dialog.getByTestId('pos-cash-check-drawer').textContent()).toContain('Front counter')
    await dialog.getByTestId('pos-cash-check-type-beginCheck').click()
    await dialog.getByTestId('pos-cash-check-amount').fill('500')
    await dialog.getByTestId('pos-cash-check-save').click()
    // The first count of a drawer sets its float: nothing expected yet.
    await expect.poll(() => dialog.getByTestId('cash-check-expected').textContent(), poll).toBe('$0.00')
    expect(await dialog.getByTestId('cash-check-status').textContent()).toBe('Valid')

    const response = await fetch(`${app.url('/api/cashboxLogs')}?shop=${who.shop!._id}&$sort[date]=-1`, {
      headers: { authorization: `Bearer ${who.session.accessToken}` }
    })
    const logs = (await response.json()) as { data: { type: string; amount: number; cashier: string | null }[] }
    expect(logs.data[0]).toMatchObject({ type: 'beginCheck', amount: 50_000, cashier: cashiers.C1._id })
  })

  it('refunds part of an order found by its order ID, once the ID is typed (spec §4.8)', async () => {
    const who = await ownerOnce()
    const tea = await stockedProduct(app.server.url, who, 'Tea', 1250, 10)
    const order = await createOrder(app.server.url, who, { source: 'admin', products: [{ product: tea._id, quantity: 3 }] })
    await pay(app.server.url, who, { order: order._id, method: 'credit', amount: order.total })
    const page = await openTill(who)
    await bind(page, 'C1')
    await page.getByTestId('pos-cashier-takeover').getByTestId('confirm-ok').click()
    await expect.poll(() => title(page), poll).toContain('Front counter')
    await tillAction(page, 'refund')
    const dialog = page.getByTestId('pos-refund-dialog')
    await dialog.getByTestId('pos-refund-order-id').fill('no-such-order')
    await dialog.getByTestId('pos-refund-find').click()
    await dialog.getByTestId('pos-refund-not-found').waitFor({ timeout: poll.timeout })
    await dialog.getByTestId('pos-refund-order-id').fill(order.orderId)
    await dialog.getByTestId('pos-refund-find').click()
    // More than is left is refused on the line; the button waits for the typed order ID.
    await dialog.getByTestId('pos-refund-qty-0').fill('4')
    await expect.poll(() => dialog.getByTestId('pos-refund-line-0').textContent(), poll).toContain('At most 3')
    await dialog.getByTestId('pos-refund-qty-0').fill('1')
    expect(await dialog.getByTestId('pos-refund-submit').isDisabled()).toBe(true)
    await dialog.getByTestId('pos-refund-confirm').fill(order.orderId)
    await dialog.getByTestId('pos-refund-submit').click()
    await expect.poll(() => dialog.count(), poll).toBe(0)
    const after = await getRecord<{ products: { returned?: number }[] }>(app.server.url, who, 'orders', order._id)
    expect(after.products[0].returned).toBe(1)
  })
})
