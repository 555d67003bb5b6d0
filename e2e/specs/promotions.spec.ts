import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { grantFeatures } from '../support/paid-features'
import { createRecord } from '../support/records'

// apps/web/src/features/promotions/promotions.messages.ts, cht.
const EMPTY = '尚未有推廣活動。'
const AFTER_REGISTER = '註冊後'
const VALID = '有效'

/** Promotions (decision 0090): a merchant sets one up in cht at 1440 px, and a new customer receives its coupon. */
describe('promotions', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => {
    if (owner) return owner
    owner = await merchant(app.server.url, 'promotions')
    await grantFeatures(app.server.url, owner, ['discount', 'promotion'])
    return owner
  }

  it('gives each new customer a coupon of the chosen template once the promotion is saved', async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    const discount = await createRecord(app.server.url, who, 'discounts', {
      name: { en: 'Ten off' },
      type: 'percentage',
      status: 'valid',
      avail: 'both',
      percentageDiscount: 10
    })
    const template = await createRecord(app.server.url, who, 'couponTemplates', {
      name: { en: 'Welcome gift' },
      discount: discount._id
    })
    const page = await app.openAs(who, `/${shop}/promotions`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)
    await expect.poll(() => shell.text(table.empty()), poll).toBe(EMPTY)
    await table.emptyAction().click()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await editor.fillTranslatable('name', 'en', 'Welcome')
    await choices.lookup('field-couponTemplates', 'Welcome gift')
    await editor.fill('limitTotal', '100')
    await page.screenshot({ path: '/tmp/promotion-editor-cht.png' })
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Welcome'])
    expect(await table.cellTexts('type')).toEqual([AFTER_REGISTER])
    expect(await table.cellTexts('status')).toEqual([VALID])

    const customer = await createRecord(app.server.url, who, 'shopUsers', { firstName: 'Ann' })
    await page.reload()
    await expect.poll(() => table.cellTexts('totalPicked'), poll).toEqual(['1'])
    await page.screenshot({ path: '/tmp/promotions-cht.png' })
    const found = await fetch(`${app.server.url}/api/coupons?shop=${shop}&user=${customer._id}`, {
      headers: { authorization: `Bearer ${who.session.accessToken}` }
    })
    const body = (await found.json()) as { data: { template: string; status: string }[] }
    expect(body.data.map((coupon) => `${coupon.template} ${coupon.status}`)).toEqual([`${template._id} valid`])
  })
})
