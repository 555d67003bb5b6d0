import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord, getRecord } from '../support/records'

// apps/web/src/features/shop-users/shop-users.messages.ts and packages/shared messages, cht.
const TITLE = '客戶'
const EMAIL_TAKEN = '此電郵已被本店另一位客戶使用'
const MERGED = '客戶已合併'
const DESKTOP = { width: 1440, height: 900 }

/** Customers (spec §3.10, decision 0083) as a merchant keeps them, in cht. */
describe('customers', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'customers'))
  const listUrl = (shop: string, filter?: Record<string, unknown>) =>
    `/${shop}/shopUsers${filter ? `?shopUsers=${encodeURIComponent(JSON.stringify({ page: 1, rowsPerPage: 20, sortBy: [], sortDesc: [], currentFilter: filter }))}` : ''}`

  it('adds a customer, shows a taken e-mail on its field, finds by phone prefix', async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    await createRecord(app.server.url, who, 'shopUsers', {
      firstName: 'Siu Ming',
      lastName: 'Chan',
      email: 'ming@example.com',
      phone: '91234567'
    })
    const page = await app.openAs(who, listUrl(shop), { lang: 'cht', viewport: DESKTOP })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Siu Ming Chan'])
    expect(await shell.text(shell.title())).toBe(TITLE)
    await page.screenshot({ path: '/tmp/shop-users-list-cht.png' })

    await table.add()
    const editor = new EditorPage(page)
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fill('firstName', 'Mei')
    await editor.fill('lastName', 'Wong')
    await editor.fill('email', 'MING@example.com')
    await editor.fill('phone', '6123 4567')
    await page.screenshot({ path: '/tmp/shop-users-editor-cht.png' })
    await editor.save()
    await expect.poll(() => editor.errorOf('email'), poll).toBe(EMAIL_TAKEN)
    await editor.fill('email', 'mei@example.com')
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(async () => (await table.cellTexts('name')).sort(), poll).toEqual(['Mei Wong', 'Siu Ming Chan'])

    await page.goto(app.url(listUrl(shop, { phone: '6123' })))
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Mei Wong'])
    expect(await table.cellTexts('phone')).toEqual(['61234567'])
  })

  it("opens a customer's page and merges a duplicate into it", async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    const keep = await createRecord(app.server.url, who, 'shopUsers', { firstName: 'Ka Yan', lastName: 'Lee', phone: '55550001' })
    const duplicate = await createRecord(app.server.url, who, 'shopUsers', { firstName: 'Kayan', email: 'kayan@example.com' })
    const page = await app.openAs(who, `/${shop}/shopUsers/view/${keep._id}`, { lang: 'cht', viewport: DESKTOP })
    await expect.poll(() => page.getByTestId('customer-name').textContent(), poll).toBe('Ka Yan Lee')
    await expect.poll(() => page.getByTestId('customer-orders-empty').count(), poll).toBe(1)
    await page.screenshot({ path: '/tmp/shop-users-detail-cht.png', fullPage: true })

    await page.getByTestId('customer-merge').click()
    const dialog = page.getByTestId('merge-dialog')
    await dialog.getByTestId('merge-pick').click()
    await page.keyboard.type('Kayan')
    await page.getByRole('option', { name: 'Kayan' }).click()
    await expect.poll(() => dialog.getByTestId('merge-confirm-text').textContent(), poll).toContain('Kayan')
    await dialog.getByTestId('merge-ok').click()
    await expect.poll(() => page.getByText(MERGED).count(), poll).toBeGreaterThan(0)
    await expect.poll(() => page.getByTestId('customer-email').textContent(), poll).toBe('kayan@example.com')
    await expect(getRecord(app.server.url, who, 'shopUsers', duplicate._id)).rejects.toThrow(/404/)
  })
})
