import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct } from '../support/catalogue'
import { patchShop } from '../support/orders'
import { startServer } from '../support/server'

// apps/web/src/features/discounts/discounts.messages.ts and the shared engine's messages, cht.
const EMPTY = '尚未有折扣。折扣規則說明購物車在何時、為誰獲得甚麼優惠。'
const VALID = '有效'
const PERCENT_REQUIRED = '請輸入折扣百分比（大於 0）'
const TEN_PERCENT_OFF = '10% 折扣'

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const reachable = await (async () => {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
})()
if (!reachable && process.env.REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL is not reachable at ${ADMIN_URL}`)

let databaseUrl = ''
const admin = async <T>(url: string, work: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The built server on a database of its own (the paid `discount` attribute is set in it), dropped when the file ends. */
const serverOnPostgres = async () => {
  const name = `emporia_e2e_${randomBytes(6).toString('hex')}`
  await admin(ADMIN_URL, (client) => client.query(`create database ${name}`))
  databaseUrl = ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`)
  const server = await startServer({ env: { DATABASE_URL: databaseUrl } })
  return {
    url: server.url,
    stop: async () => {
      await server.stop()
      await admin(ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`))
    }
  }
}

/** Switches discounts on for the shop, as billing does; a shop patch drops the server's cached copy. */
const enableDiscounts = async (baseUrl: string, who: Merchant) => {
  await admin(databaseUrl, (client) =>
    client.query(`update shops set attributes = attributes || '{"discount": true}'::jsonb where _id = $1`, [who.shop!._id])
  )
  await patchShop(baseUrl, who, { phone: '2345 6789' })
}

/** Discount rules (decision 0089), as a merchant writes one in cht at 1440 px and tries it on a cart. */
describe.skipIf(!reachable)('discounts', () => {
  const app = useApp({ startServer: serverOnPostgres })

  it('creates a percentage rule in cht, tries a cart with it in the editor, and sees it in the list', async () => {
    const who = await merchant(app.server.url, 'discounts')
    await enableDiscounts(app.server.url, who)
    await seedProduct(app.server.url, who, { name: { en: 'Jasmine tea' }, price: 10000 })
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/discounts`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)
    await expect.poll(() => shell.text(table.empty()), poll).toBe(EMPTY)
    await table.emptyAction().click()
    await expect.poll(() => editor.mode(), poll).toBe('new')

    // A percentage rule (the editor's default type) needs its percentage: the shared rule says so on the field.
    await editor.fillTranslatable('name', 'en', 'Ten percent off')
    await choices.select('field-status', VALID)
    await editor.save()
    await expect.poll(() => editor.errorOf('percentageDiscount'), poll).toBe(PERCENT_REQUIRED)
    await page.screenshot({ path: '/tmp/discount-editor-cht.png' })
    await editor.fill('percentageDiscount', '10')

    // Try a cart: two teas at $100.00 with the rule as it stands in the form.
    await page.getByTestId('preview-product').fill('Jasmine')
    await page
      .getByRole('option', { name: /Jasmine tea/ })
      .first()
      .click()
    await page.getByTestId('preview-quantity').fill('2')
    await page.getByTestId('preview-add').click()
    await expect.poll(() => shell.text(page.getByTestId('preview-total')), poll).toBe('$180.00')
    await expect.poll(() => shell.text(page.getByTestId('preview-discount')), poll).toBe('-$20.00')
    await expect
      .poll(() => shell.text(page.getByTestId('preview-applied-item')), poll)
      .toBe(`Ten percent off: ${TEN_PERCENT_OFF} (-$20.00)`)
    await page.getByTestId('field-$preview').scrollIntoViewIfNeeded()
    await page.screenshot({ path: '/tmp/discount-editor-preview-cht.png' })

    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Ten percent off'])
    await expect.poll(() => shell.text(page.getByTestId('status-valid')), poll).toBe(VALID)
    await page.screenshot({ path: '/tmp/discounts-cht.png' })

    // Reopened, the rule's terms are back in their fields.
    await table.editRow(0)
    await expect.poll(() => editor.mode(), poll).toBe('edit')
    await expect.poll(() => editor.field('percentageDiscount').inputValue(), poll).toBe('10')
    await editor.field('timeConditions.weekdays').scrollIntoViewIfNeeded()
    await page.screenshot({ path: '/tmp/discount-editor-conditions-cht.png' })
  })
})
