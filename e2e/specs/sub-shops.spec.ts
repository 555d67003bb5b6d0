import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { patchShop, stockedProduct } from '../support/orders'
import { createRecord } from '../support/records'

const DESKTOP = { width: 1440, height: 900 }
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/screenshots')

/** Calls of a signed-in account outside any shop (its invitations). */
const asAccount = async <T>(base: string, who: Merchant, method: string, route: string, body?: unknown) => {
  const response = await fetch(`${base}/api/${route}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.session.accessToken}` },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const answer = (await response.json()) as T
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(answer)}`)
  return answer
}

/** A sub-shop with stock and two paid orders, invited by `parent` and linked by its own admin on accepting. */
const linkedBranch = async (base: string, parent: Merchant, name: string) => {
  const branch = await merchant(base, 'sub-branch')
  const tea = await stockedProduct(base, branch, 'Oolong', 1250, 50)
  for (const quantity of [2, 1])
    await createRecord(base, branch, 'orders', {
      source: 'pos',
      products: [{ product: tea._id, quantity }],
      payments: [{ method: 'cash', amount: 1250 * quantity }]
    })
  const entry = await createRecord(base, parent, 'subShops', { name, email: branch.email })
  const invitations = await asAccount<{ _id: string; shop: string }[]>(base, branch, 'GET', 'shop/invitations')
  const invitation = invitations.find((item) => item.shop === parent.shop!._id)!
  await asAccount(base, branch, 'PATCH', `shop/invitations/${invitation._id}`, { accepted: true, subShop: branch.shop!._id })
  return { branch, entry: entry._id, tea: tea._id }
}

describe('sub-shops roll-up (spec §2.4 item 14, decision 0087)', () => {
  const app = useApp()

  it('shows each sub-shop’s paid sales and stock, drills into its stock, removes one after asking, in cht at desktop width', async () => {
    const base = app.server.url
    const parent = await merchant(base, 'sub-parent')
    await patchShop(base, parent, { useSubShop: true })
    const { entry, tea } = await linkedBranch(base, parent, '九龍分店')
    // Invited, not accepted yet: listed without figures.
    const pending = await createRecord(base, parent, 'subShops', {
      name: '沙田分店',
      email: `pending-${Date.now()}@example.test`
    })

    const page = await app.openAs(parent, `/${parent.shop!._id}/subShops`, { lang: 'cht', viewport: DESKTOP })
    await expect.poll(() => page.getByTestId('sub-shop-row').count(), poll).toBe(2)
    const linked = page.locator(`[data-testid="sub-shop-row"][data-id="${entry}"]`)
    expect(await linked.getByTestId('sub-shop-status').textContent()).toBe('已連結')
    expect(await linked.getByTestId('sub-shop-orders').textContent()).toBe('2')
    expect(await linked.getByTestId('sub-shop-net').textContent()).toBe('$37.50')
    expect(await linked.getByTestId('sub-shop-on-hand').textContent()).toBe('47')
    const waiting = page.locator(`[data-testid="sub-shop-row"][data-id="${pending._id}"]`)
    expect(await waiting.getByTestId('sub-shop-status').textContent()).toBe('已邀請')
    expect(await waiting.getByTestId('sub-shop-net').textContent()).toBe('–')
    expect(await page.getByTestId('sub-shops-total-net').textContent()).toBe('$37.50')
    await mkdir(shots, { recursive: true })
    await page.screenshot({ path: path.join(shots, 'sub-shops-cht.png'), fullPage: true })

    // A period before the sales: the orders are not counted, the stock still is.
    await page.getByTestId('sub-shops-from').fill('2020-01-01')
    await page.getByTestId('sub-shops-to').fill('2020-01-31')
    await expect.poll(() => linked.getByTestId('sub-shop-orders').textContent(), poll).toBe('0')
    expect(await linked.getByTestId('sub-shop-on-hand').textContent()).toBe('47')

    await linked.getByTestId('sub-shop-view-stock').click()
    await expect.poll(() => page.getByTestId('sub-shop-stock-row').count(), poll).toBe(1)
    expect(await page.getByTestId('sub-shop-stock-row').getAttribute('data-product')).toBe(tea)
    expect(await page.getByTestId('sub-shop-stock-quantity').textContent()).toBe('47')
    expect(await page.getByTestId('sub-shop-stock-title').textContent()).toBe('九龍分店 的庫存')
    await page.screenshot({ path: path.join(shots, 'sub-shop-stock-cht.png'), fullPage: true })
    await page.getByTestId('sub-shop-stock-back').click()

    await waiting.getByTestId('sub-shop-remove').click()
    await page.getByTestId('sub-shop-remove-dialog').getByTestId('confirm-cancel').click()
    expect(await page.getByTestId('sub-shop-row').count()).toBe(2)
    await waiting.getByTestId('sub-shop-remove').click()
    await page.getByTestId('sub-shop-remove-dialog').getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByTestId('sub-shop-row').count(), poll).toBe(1)
  })

  it('starts empty, invites a sub-shop from the screen, and is not shown to a shop without sub-shops', async () => {
    const base = app.server.url
    const parent = await merchant(base, 'sub-empty')
    await patchShop(base, parent, { useSubShop: true })
    const page = await app.openAs(parent, `/${parent.shop!._id}/subShops`, { viewport: DESKTOP })
    await expect
      .poll(() => page.getByTestId('sub-shops-empty-text').textContent(), poll)
      .toBe('No sub-shops yet. Invite one to see its sales and stock here.')
    await page.getByTestId('sub-shops-invite').click()
    await page.getByTestId('sub-shop-invite-name').fill('Kowloon')
    // A wrong address is refused in the dialog with the server's own message, and nothing is sent.
    await page.getByTestId('sub-shop-invite-email').fill('kowloon-at-example')
    await page.getByTestId('sub-shop-invite-send').click()
    await expect.poll(() => page.getByTestId('sub-shop-invite-dialog').textContent(), poll).toContain('Invalid email')
    expect(await page.getByTestId('sub-shop-row').count()).toBe(0)
    await page.getByTestId('sub-shop-invite-email').fill(`kowloon-${Date.now()}@example.test`)
    await page.getByTestId('sub-shop-invite-send').click()
    await expect.poll(() => page.getByTestId('sub-shop-row').count(), poll).toBe(1)
    expect(await page.getByTestId('sub-shop-status').getAttribute('data-status')).toBe('pending')

    // Without the switch the drawer has no entry for it.
    const other = await merchant(base, 'sub-off')
    const plain = await app.openAs(other, `/${other.shop!._id}/dashboard`, { viewport: DESKTOP })
    await expect.poll(() => plain.getByTestId('menu-home').count(), poll).toBe(1)
    expect(await plain.getByTestId('menu-subShops').count()).toBe(0)
    expect(await page.getByTestId('menu-subShops').count()).toBe(1)
  })
})
