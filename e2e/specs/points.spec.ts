import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord } from '../support/records'

// apps/web/src/features/point-types/point-types.messages.ts, shop-users/customer-points.messages.ts and
// packages/shared messages, cht.
const TYPES_EMPTY = '尚未有積分類型。新增一個，顧客便可賺取及使用積分。'
const FROM_REGISTER = '顧客加入日期（由該日起每個期間）'
const AT_LEAST_ONE = '必須大於或等於 1'
const NOT_ENOUGH = '積分不足：只有 100 分可用'
const TRANSFERRED = '已轉贈積分'
const ADJUSTED_ROW = '職員調整'
const DESKTOP = { width: 1440, height: 900 }

/** Point types and a customer's points (decision 0091), as a merchant keeps them in cht. */
describe('points', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'points'))

  it('sets up a point type with every field; a bad expiry shows on its field', async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/settings/pointTypes`, { lang: 'cht', viewport: DESKTOP })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    await expect.poll(() => shell.text(table.empty()), poll).toBe(TYPES_EMPTY)
    await table.emptyAction().click()
    const editor = new EditorPage(page)
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fillTranslatable('name', 'cht', '星星')
    await editor.fillTranslatable('name', 'en', 'Stars')
    await new Choices(page).select('field-expireType', FROM_REGISTER)
    await editor.fill('expiresIn', '0')
    await editor.field('allowTransfer').check()
    await editor.field('autoExtend').check()
    await editor.save()
    await expect.poll(() => editor.errorOf('expiresIn'), poll).toBe(AT_LEAST_ONE)
    await page.screenshot({ path: '/tmp/point-type-editor-cht.png' })
    await editor.fill('expiresIn', '365')
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['星星'])
    expect(await table.cellTexts('expiresIn')).toEqual(['365'])
    await page.screenshot({ path: '/tmp/point-types-cht.png' })
  })

  it("shows a customer's balance and history, transfers points (not more than held) and adjusts them", async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    const type = await createRecord(app.server.url, who, 'pointTypes', {
      name: { cht: '印花', en: 'Stamps' },
      expireType: 'now',
      allowTransfer: true
    })
    const giver = await createRecord(app.server.url, who, 'shopUsers', { firstName: 'Tai Man', lastName: 'Chan' })
    await createRecord(app.server.url, who, 'shopUsers', { firstName: 'Siu Fong', lastName: 'Ho' })
    await createRecord(app.server.url, who, 'pointAdjustments', { user: giver._id, pointType: type._id, points: 100 })

    const page = await app.openAs(who, `/${shop}/shopUsers/view/${giver._id}`, { lang: 'cht', viewport: DESKTOP })
    const section = page.getByTestId('customer-points-section')
    const balances = () => section.getByTestId('customer-balance').allTextContents()
    await expect.poll(balances, poll).toContain('印花: 100')
    await expect.poll(() => section.getByTestId('customer-point-logs-row').count(), poll).toBe(1)

    await section.getByTestId('points-transfer').click()
    const dialog = page.getByTestId('transfer-dialog')
    await dialog.getByTestId('transfer-to').click()
    await page.keyboard.type('Siu Fong')
    await page.getByRole('option', { name: 'Siu Fong Ho' }).click()
    await dialog.getByTestId('points-amount').fill('150')
    await expect.poll(() => dialog.getByTestId('transfer-confirm-text').textContent(), poll).toContain('Siu Fong Ho')
    await dialog.getByTestId('transfer-ok').click()
    await expect.poll(() => dialog.getByText(NOT_ENOUGH).count(), poll).toBe(1)
    await page.screenshot({ path: '/tmp/points-transfer-cht.png' })
    await dialog.getByTestId('points-amount').fill('30')
    await dialog.getByTestId('transfer-ok').click()
    await expect.poll(() => page.getByText(TRANSFERRED).count(), poll).toBeGreaterThan(0)
    await expect.poll(balances, poll).toContain('印花: 70')
    await expect.poll(() => section.getByTestId('customer-point-logs-row').count(), poll).toBe(2)

    await section.getByTestId('points-adjust').click()
    const adjust = page.getByTestId('adjust-dialog')
    await new Choices(page).select('points-type', '印花 (70)')
    await adjust.getByTestId('points-amount').fill('-5')
    await expect.poll(() => adjust.getByTestId('adjust-confirm-text').textContent(), poll).toContain('-5')
    await adjust.getByTestId('adjust-ok').click()
    await expect.poll(balances, poll).toContain('印花: 65')
    await expect.poll(() => section.getByText(ADJUSTED_ROW).count(), poll).toBe(2)
    await page.screenshot({ path: '/tmp/customer-points-cht.png', fullPage: true })
  })
})
