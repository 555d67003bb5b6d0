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
  await page.getByTestId('pos-empty-cart').waitFor({ timeout: poll.timeout })
  await page.getByTestId('pos-search').click()
  await scan(page, code)
  await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(1)
  await page.keyboard.press('F9')
  await page.getByTestId('pos-pay-dialog').waitFor({ timeout: poll.timeout })
  await page.keyboard.type(cash)
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect.poll(() => page.getByTestId('pos-pay-dialog').count(), poll).toBe(0)
  await expect.poll(() => page.getByTestId('pos-line-0').count(), poll).toBe(0)
}
