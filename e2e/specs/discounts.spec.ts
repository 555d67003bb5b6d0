import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { expectTrialWith } from '../support/paid-features'
import { seedProduct } from '../support/catalogue'

// apps/web/src/features/discounts/discounts.messages.ts and the shared engine's messages, cht.
const EMPTY = '尚未有折扣。折扣規則說明購物車在何時、為誰獲得甚麼優惠。'
const VALID = '有效'
const PERCENT_REQUIRED = '請輸入折扣百分比（大於 0）'
const TEN_PERCENT_OFF = '10% 折扣'

/** Discount rules (decision 0089), as a merchant writes one in cht at 1440 px and tries it on a cart. */
describe('discounts', () => {
  const app = useApp()

  it('creates a percentage rule in cht, tries a cart with it in the editor, and sees it in the list', async () => {
    const who = await merchant(app.server.url, 'discounts')
    await expectTrialWith(app.server.url, who, ['discount'])
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

    // Given a code, the rule is an unlimited-use coupon: once saved, its code prints as a 512 px QR.
    expect(await page.getByTestId('field-$codeQr').count()).toBe(0)
    await editor.fill('couponCode', 'TEA10')
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await table.editRow(0)
    await expect.poll(() => editor.mode(), poll).toBe('edit')
    await page.getByTestId('field-$codeQr').click()
    await expect.poll(() => page.getByTestId('coupon-qr').getAttribute('width'), poll).toBe('512')
    expect(await shell.text(page.getByTestId('coupon-qr-dialog'))).toContain('TEA10')
  })
})
