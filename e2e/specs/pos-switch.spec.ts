import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { bindCashier, createCashier, scan } from '../pages/pos'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct, seedRestock } from '../support/catalogue'
import { installFakeDevices } from '../support/fake-devices'
import { mainWarehouse } from '../support/orders'
import { grantFeatures } from '../support/paid-features'
import { createRecord } from '../support/records'

const DESKTOP = { width: 1440, height: 900 }
// apps/web/src/features/pos/pos-approval.messages.ts (cht).
const SERVING = '當值：Casey Cashier'
const SWITCH_TITLE = '切換收銀員'

/** Another account, made a cashier (`pos`, POS access User) of `owner`'s shop by invitation. */
const cashierOf = async (base: string, owner: Merchant) => {
  const cashier = await merchant(base, 'switch-cashier', { withShop: false })
  await createRecord(base, owner, 'shop/staff', { email: cashier.email, role: 'pos', name: 'Casey Cashier' })
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${cashier.session.accessToken}` }
  const invitations = (await (await fetch(`${base}/api/shop/invitations`, { headers })).json()) as { _id: string; shop: string }[]
  const invitation = invitations.find((item) => item.shop === owner.shop!._id)!
  const accepted = await fetch(`${base}/api/shop/invitations/${invitation._id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ accepted: true })
  })
  if (!accepted.ok) throw new Error(`accepting answered ${accepted.status}`)
  return { ...cashier, shop: owner.shop }
}

/** Sets `who`'s staff PIN as the profile page does (users/staffPin, with the current password). */
const setPin = async (base: string, who: Merchant, pin: string) => {
  const response = await fetch(`${base}/api/users/staffPin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.session.accessToken}` },
    body: JSON.stringify({ password: who.password, pin })
  })
  if (response.status !== 201) throw new Error(`users/staffPin answered ${response.status}`)
}

/**
 * Switching who serves at a till by PIN (issue 31, decision 0135), in cht: a till signed in as the owner
 * is handed to a cashier, who types their own PIN; the header names them, the sale made then is theirs
 * (the orders list shows them as its staff), and the till goes back to the owner. The session never changes.
 */
describe('switching cashier at the till', () => {
  const app = useApp()

  it('hands the till to a cashier by their PIN, sells as them and goes back, in cht', async () => {
    const base = app.server.url
    const owner = await merchant(base, 'switch')
    const shop = owner.shop!._id
    await grantFeatures(base, owner, ['pos'])
    const product = await seedProduct(base, owner, {
      name: { en: 'Jasmine tea', cht: '茉莉花茶' },
      price: 3800,
      posCode: '310002'
    })
    await seedRestock(base, owner, { warehouse: await mainWarehouse(base, owner), product: product._id, quantity: 20 })
    await createCashier(base, owner, 'T1', 'Front till')
    const cashier = await cashierOf(base, owner)
    await setPin(base, cashier, '4826')

    const till = await app.openAs(owner, `/${shop}/pos`, {
      lang: 'cht',
      viewport: DESKTOP,
      onPage: (page) => void installFakeDevices(page)
    })
    if (!(await till.evaluate(() => '__fakeDevices' in window))) await till.reload()
    await till.getByTestId('pos-page').waitFor({ timeout: poll.timeout })
    await bindCashier(till, 'T1')

    // The owner hands the till to the cashier, who picks their name and types their PIN.
    await till.getByTestId('pos-switch-cashier').click()
    const dialog = till.getByTestId('pos-approval-dialog')
    await dialog.waitFor({ timeout: poll.timeout })
    expect(await dialog.textContent()).toContain(SWITCH_TITLE)
    await dialog.getByTestId(`pos-approval-manager-${cashier.session.user._id}`).click()
    await dialog.getByTestId('pos-approval-pin').fill('4826')
    await dialog.getByTestId('pos-approval-pin').press('Enter')
    await dialog.waitFor({ state: 'detached', timeout: poll.timeout })
    await expect.poll(() => till.getByTestId('pos-serving').textContent(), poll).toBe(SERVING)

    // A sale (F2 once the catalogue is indexed; scan; F9; cash; Enter, Enter).
    await expect.poll(() => till.getByTestId('pos-page').getAttribute('data-catalogue'), poll).toBe('1')
    await till.keyboard.press('F2')
    await till.getByTestId('pos-empty-cart').waitFor({ timeout: poll.timeout })
    await till.getByTestId('pos-search').click()
    await scan(till, '310002')
    await expect.poll(() => till.getByTestId('pos-line-0').count(), poll).toBe(1)
    await till.keyboard.press('F9')
    await till.getByTestId('pos-pay-dialog').waitFor({ timeout: poll.timeout })
    await till.keyboard.type('50')
    await till.keyboard.press('Enter')
    await till.keyboard.press('Enter')
    await expect.poll(() => till.getByTestId('pos-pay-dialog').count(), poll).toBe(0)
    await expect.poll(() => till.getByTestId('pos-line-0').count(), poll).toBe(0)

    // The order is the cashier's: the server says so, and the orders list names them as its staff.
    const listed = async () => {
      const response = await fetch(`${base}/api/orders?shop=${shop}&source=pos`, {
        headers: { authorization: `Bearer ${owner.session.accessToken}` }
      })
      const body = (await response.json()) as { data?: { admin: string }[] } | { admin: string }[]
      return (Array.isArray(body) ? body : (body.data ?? [])).map((order) => order.admin)
    }
    await expect.poll(listed, poll).toEqual([cashier.session.user._id])
    // Kept across a reload of this till, then back to the owner.
    await till.reload()
    await till.getByTestId('pos-page').waitFor({ timeout: poll.timeout })
    await expect.poll(() => till.getByTestId('pos-serving').textContent(), poll).toBe(SERVING)
    await till.getByTestId('pos-switch-back').click()
    await expect.poll(() => till.getByTestId('pos-serving').count(), poll).toBe(0)

    const orders = await app.openAs(owner, `/${shop}/orders`, { lang: 'cht', viewport: DESKTOP })
    const table = new DataTablePage(orders)
    await expect.poll(() => table.cellTexts('admin'), poll).toEqual([expect.stringContaining('Casey')])
  })
})
