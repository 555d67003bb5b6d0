import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { grantFeatures } from '../support/paid-features'
import { createRecord } from '../support/records'

// apps/web/src/features/coupon-templates/coupon-templates.messages.ts and the shared messages, cht.
const EMPTY = '尚未有優惠券範本。'
const SAVE_FIRST = '請先儲存範本，然後可在此產生優惠券。'
const NO_COUPONS = '此範本尚未有優惠券。'
const VALID = '有效'
const LIMIT_TOTAL = '此優惠券已達發放上限（30 張）'

/** Coupon templates and their coupons (decision 0090), as a merchant works with them in cht at 1440 px. */
describe('coupons', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => {
    if (owner) return owner
    owner = await merchant(app.server.url, 'coupons')
    await grantFeatures(app.server.url, owner, ['discount', 'promotion'])
    await createRecord(app.server.url, owner, 'discounts', {
      name: { en: 'Ten off' },
      type: 'percentage',
      status: 'valid',
      avail: 'both',
      percentageDiscount: 10
    })
    return owner
  }

  it('makes a template, generates 25 coupons, is refused past its total limit on the field, and shows a code as a 512 px QR', async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/couponTemplates`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)
    await expect.poll(() => shell.text(table.empty()), poll).toBe(EMPTY)
    await table.emptyAction().click()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    await expect.poll(() => page.getByTestId('field-coupons').textContent(), poll).toBe(SAVE_FIRST)
    await editor.fillTranslatable('name', 'en', 'Welcome')
    await choices.lookup('field-discount', 'Ten off')
    await editor.fill('limitTotal', '30')
    await editor.fill('expiresIn', '30')
    await page.screenshot({ path: '/tmp/coupon-template-editor-cht.png' })
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Welcome'])

    await table.editRow(0)
    await expect.poll(() => editor.mode(), poll).toBe('edit')
    const section = page.getByTestId('field-coupons')
    await expect.poll(() => section.getByTestId('table-empty-text').textContent(), poll).toBe(NO_COUPONS)
    await page.getByTestId('coupon-generate').click()
    await page.getByTestId('coupon-generate-count').fill('25')
    await page.getByTestId('coupon-generate-ok').click()
    await expect.poll(() => page.getByTestId('coupon-generate-dialog').count(), poll).toBe(0)
    const rows = section.getByTestId('table-row')
    await expect.poll(() => rows.count(), poll).toBeGreaterThan(0)
    const codes = await section.locator('[data-testid="table-row"] [data-testid="cell-code"]').allTextContents()
    expect(codes.every((code) => /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/.test(code.trim()))).toBe(true)
    expect(new Set(await section.getByTestId('coupon-status').allTextContents())).toEqual(new Set([VALID]))
    await page.screenshot({ path: '/tmp/coupon-template-coupons-cht.png' })

    // 25 of 30 issued: ten more are refused, the limit named on the field; none is made.
    await page.getByTestId('coupon-generate').click()
    await page.getByTestId('coupon-generate-count').fill('10')
    await page.getByTestId('coupon-generate-ok').click()
    const helper = page.getByTestId('coupon-generate-dialog').locator('.MuiFormHelperText-root')
    await expect.poll(() => helper.textContent(), poll).toBe(LIMIT_TOTAL)
    await page.screenshot({ path: '/tmp/coupon-generate-refused-cht.png' })
    await page.getByTestId('coupon-generate-cancel').click()

    // The first code as a QR: 512 px, only black and white, some of each.
    await rows.first().getByTestId('coupon-qr-open').click()
    const canvas = page.getByTestId('coupon-qr')
    await expect.poll(() => canvas.count(), poll).toBe(1)
    const drawn = await canvas.evaluate((element) => {
      const c = element as HTMLCanvasElement
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
      let black = 0
      let white = 0
      let other = 0
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]]
        if (a !== 255) other++
        else if (r === 0 && g === 0 && b === 0) black++
        else if (r === 255 && g === 255 && b === 255) white++
        else other++
      }
      return { width: c.width, height: c.height, black: black > 0, white: white > 0, other }
    })
    expect(drawn).toEqual({ width: 512, height: 512, black: true, white: true, other: 0 })
    await page.screenshot({ path: '/tmp/coupon-qr-cht.png' })
  })
})
