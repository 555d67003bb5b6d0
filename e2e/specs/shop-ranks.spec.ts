import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'

// apps/web/src/features/shop-rank-groups and shop-ranks *.messages.ts, cht.
const GROUPS_EMPTY = '尚未有等級組別。組別決定已付金額如何計入會員等級。'
const AFTER_REACHED = '達到等級後一段期間'
const NEVER = '永不到期'
const PERIOD_REQUIRED = '請輸入等級到期的期間'

/** Membership rank groups and ranks (decision 0084), as a merchant sets them up in cht. */
describe('membership ranks', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'ranks'))

  it('makes a group and two ranks in cht; a rank expiring after a period needs the period, on its field', async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/settings/shopRankGroups`, {
      lang: 'cht',
      viewport: { width: 1440, height: 900 }
    })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    await expect.poll(() => shell.text(table.empty()), poll).toBe(GROUPS_EMPTY)
    await table.emptyAction().click()
    const editor = new EditorPage(page)
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fillTranslatable('name', 'en', 'Members')
    await page.screenshot({ path: '/tmp/shop-rank-group-editor-cht.png' })
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Members'])
    await page.screenshot({ path: '/tmp/shop-rank-groups-cht.png' })

    await page.goto(`${app.server.url}/${shop}/settings/shopRanks?lang=cht`)
    await table.emptyAction().click()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    const choices = new Choices(page)
    await editor.fillTranslatable('name', 'en', 'Silver')
    await choices.lookup('field-group', 'Members')
    await editor.fill('amount', '100')
    await choices.select('field-expiryType', AFTER_REACHED)
    await editor.save()
    await expect.poll(() => editor.errorOf('expiryPeriod'), poll).toBe(PERIOD_REQUIRED)
    expect(await editor.mode()).toBe('new')
    await page.screenshot({ path: '/tmp/shop-rank-editor-cht.png' })
    await editor.fill('expiryPeriod', '6')
    await choices.select('field-expiryPeriodUnit', '月')
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)

    await table.addButton().click()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fillTranslatable('name', 'en', 'Gold')
    await choices.lookup('field-group', 'Members')
    await editor.fill('amount', '500')
    await choices.select('field-expiryType', NEVER)
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(async () => (await table.cellTexts('name')).sort(), poll).toEqual(['Gold', 'Silver'])
    await page.screenshot({ path: '/tmp/shop-ranks-cht.png' })
  })
})
