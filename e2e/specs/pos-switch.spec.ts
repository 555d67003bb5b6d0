import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { bindCashier, createCashier, joinAsCashier, sellForCash, setStaffPin, tillAction } from '../pages/pos'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct, seedRestock } from '../support/catalogue'
import { installFakeDevices } from '../support/fake-devices'
import { mainWarehouse } from '../support/orders'
import { grantFeatures } from '../support/paid-features'

const DESKTOP = { width: 1440, height: 900 }
// apps/web/src/features/pos/pos-approval.messages.ts (cht).
const SERVING = '當值：Casey Cashier'
const SWITCH_TITLE = '切換收銀員'

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
    const cashier = await joinAsCashier(base, owner, 'switch-cashier', 'Casey Cashier')
    await setStaffPin(base, cashier, '4826')

    const till = await app.openAs(owner, `/${shop}/pos`, {
      lang: 'cht',
      viewport: DESKTOP,
      onPage: (page) => void installFakeDevices(page)
    })
    if (!(await till.evaluate(() => '__fakeDevices' in window))) await till.reload()
    await till.getByTestId('pos-page').waitFor({ timeout: poll.timeout })
    await bindCashier(till, 'T1')

    // The owner hands the till to the cashier, who picks their name and types their PIN.
    await tillAction(till, 'switch-cashier')
    const dialog = till.getByTestId('pos-approval-dialog')
    await dialog.waitFor({ timeout: poll.timeout })
    expect(await dialog.textContent()).toContain(SWITCH_TITLE)
    await dialog.getByTestId(`pos-approval-manager-${cashier.session.user._id}`).click()
    await dialog.getByTestId('pos-approval-pin').fill('4826')
    await dialog.getByTestId('pos-approval-pin').press('Enter')
    await dialog.waitFor({ state: 'detached', timeout: poll.timeout })
    await expect.poll(() => till.getByTestId('pos-serving').textContent(), poll).toBe(SERVING)

    await sellForCash(till, 1, '310002', '50')

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
    await tillAction(till, 'switch-back')
    await expect.poll(() => till.getByTestId('pos-serving').count(), poll).toBe(0)

    const orders = await app.openAs(owner, `/${shop}/orders`, { lang: 'cht', viewport: DESKTOP })
    const table = new DataTablePage(orders)
    await expect.poll(() => table.cellTexts('admin'), poll).toEqual([expect.stringContaining('Casey')])
  })
})
