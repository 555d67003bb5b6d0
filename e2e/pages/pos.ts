import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { merchant, type Merchant } from '../support/api'
import { poll } from '../support/app'
import { createRecord } from '../support/records'

/*
 * The till (spec §2.13; decisions 0098, 0100) as its browser tests drive it: a cashier station bound on
 * this device, and scans typed the way a keyboard-wedge scanner types them.
 */

/** A cashier station of the shop (`shop/cashiers`). */
export const createCashier = (url: string, who: Merchant, id: string, name: string, more: Record<string, unknown> = {}) =>
  createRecord(url, who, 'shop/cashiers', { id, name, ...more }) as Promise<{ _id: string; id: string; name: string }>

/** Picks cashier `id` in the setup dialog a new device opens with, and waits for the dialog to close. */
export const bindCashier = async (page: Page, id: string) => {
  const item = page.getByTestId(`pos-cashier-${id}`)
  await item.waitFor({ timeout: poll.timeout })
  await item.getByTestId('pos-cashier-select').click()
  await page.getByTestId('pos-cashier-setup').waitFor({ state: 'detached', timeout: poll.timeout })
}

/** A new device's first station, made in the setup dialog (decision 0100) and picked at once. */
export const bindNewCashier = async (page: Page, id: string, name: string) => {
  await page.getByTestId('pos-cashier-setup').waitFor({ timeout: poll.timeout })
  await page.getByTestId('pos-cashier-new-id').fill(id)
  await page.getByTestId('pos-cashier-new-name').fill(name)
  await page.getByTestId('pos-cashier-new-add').click()
  await bindCashier(page, id)
}

/**
 * An item of the till's "More" menu (decision 0143: the counter shows only new order and charge; the rest
 * is in the menu), the menu opened first when it is not open. Answers the item. Whether the menu is open is
 * read from the More button, not from the item: a menu closed a moment ago still shows its items while it
 * shrinks away (longer on a phone, where the list is tall), and an item of it is gone before a tap lands.
 */
export const tillMenuItem = async (page: Page, id: string, timeout = poll.timeout) => {
  const menu = page.getByTestId('pos-menu')
  if ((await menu.getAttribute('aria-expanded', { timeout })) !== 'true') await menu.click({ timeout })
  const item = page.getByTestId('pos-menu-list').getByTestId(`pos-${id}`)
  await item.waitFor({ timeout })
  return item
}

/** Presses a till action of the "More" menu as a cashier does: the menu, then the item. */
export const tillAction = async (page: Page, id: string, timeout = poll.timeout) => {
  const item = await tillMenuItem(page, id, timeout)
  await item.click({ timeout })
}

/** A keyboard-wedge scan: the code typed as fast as the browser takes it, then Enter. */
export const scan = async (page: Page, code: string) => {
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
}

/** Another account, made a cashier (`pos`, POS access User) of `owner`'s shop by invitation it accepts. */
export const joinAsCashier = async (url: string, owner: Merchant, label: string, name: string): Promise<Merchant> => {
  const cashier = await merchant(url, label, { withShop: false })
  await createRecord(url, owner, 'shop/staff', { email: cashier.email, role: 'pos', name })
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${cashier.session.accessToken}` }
  const invitations = (await (await fetch(`${url}/api/shop/invitations`, { headers })).json()) as { _id: string; shop: string }[]
  const invitation = invitations.find((item) => item.shop === owner.shop!._id)!
  const accepted = await fetch(`${url}/api/shop/invitations/${invitation._id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ accepted: true })
  })
  if (!accepted.ok) throw new Error(`accepting answered ${accepted.status}`)
  return { ...cashier, shop: owner.shop }
}

/** Sets `who`'s staff PIN as the profile page does (users/staffPin, with the current password). */
export const setStaffPin = async (url: string, who: Merchant, pin: string) => {
  const response = await fetch(`${url}/api/users/staffPin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.session.accessToken}` },
    body: JSON.stringify({ password: who.password, pin })
  })
  if (response.status !== 201) throw new Error(`users/staffPin answered ${response.status}`)
}

/**
 * One sale of one scanned code for cash: F2 once the catalogue's `products` are indexed, the scan, F9, the
 * cash, Enter, Enter.
 */
export const sellForCash = async (page: Page, products: number, code: string, cash: string) => {
  await expect.poll(() => page.getByTestId('pos-page').getAttribute('data-catalogue'), poll).toBe(String(products))
  await page.keyboard.press('F2')
  // Attached, not visible: on a phone the order is the pane behind its key while the products show.
  await page.getByTestId('pos-empty-cart').waitFor({ state: 'attached', timeout: poll.timeout })
  await page.getByTestId('pos-search').click()
  await scan(page, code)
  // A phone shows the order behind its key, as a cashier would look at it before taking the money.
  if (await page.getByTestId('pos-view-cart').isVisible()) await page.getByTestId('pos-view-cart').click()
  await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(1)
  await page.keyboard.press('F9')
  await page.getByTestId('pos-pay-dialog').waitFor({ timeout: poll.timeout })
  await page.keyboard.type(cash)
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect.poll(() => page.getByTestId('pos-pay-dialog').count(), poll).toBe(0)
  await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(0)
}

/** Counts the drawer through the station's dialog and answers what the server worked out. */
export const countDrawer = async (page: Page, type: 'beginCheck' | 'endCheck', amount: string) => {
  await tillAction(page, 'cash-check')
  const dialog = page.getByTestId('pos-cash-check-dialog')
  await dialog.waitFor({ timeout: poll.timeout })
  await dialog.getByTestId(`pos-cash-check-type-${type}`).click()
  await dialog.getByTestId('pos-cash-check-amount').fill(amount)
  await dialog.getByTestId('pos-cash-check-save').click()
  await dialog.getByTestId('cash-check-status').waitFor({ timeout: poll.timeout })
  const result = {
    expected: await dialog.getByTestId('cash-check-expected').textContent(),
    diff: await dialog.getByTestId('cash-check-diff').textContent()
  }
  await dialog.getByTestId('pos-cash-check-close').click()
  await expect.poll(() => dialog.count(), poll).toBe(0)
  return result
}
