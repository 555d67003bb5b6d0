import type { Page } from 'playwright-core'
import type { Merchant } from '../support/api'
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
