import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { Choices } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord } from '../support/catalogue'

// apps/web/src/features/settings-payment/settings-payment.messages.ts (en and cht).
const TOTAL_REQUIRED = 'You must set Total Rounding Factor too'
const BELOW_SUBTOTAL_CHT = '須大於或等於小計進位單位'
const NOT_DIVISIBLE_CHT = '須為小計進位單位的倍數'
// apps/web/src/lib/i18n/lists/cht.ts
const CHECK_FIELDS_CHT = '請修正已標示的欄位'
// packages/shared/src/i18n/messages.ts (cht)
const AT_MOST_100_CHT = '必須小於或等於 100'
const WHOLE_NUMBER_CHT = '必須是整數'
// settings-payment.messages.ts (cht): the field's help while it has no error.
const MAX_LINES_HELP_CHT = '一張網店訂單內不同的貨品，1 至 100。預設 30。'
const SECRET = 'sk_test_e2eSecretThatNeverComesBack'
// apps/web/src/lib/i18n/lists/cht.ts: the editor's "saved".
const SAVED_CHT = '儲存成功'

/** The message under a settings field (MUI helper text), '' when there is none. */
const messageOf = async (page: Page, name: string) => {
  const helper = page
    .locator(`[data-testid="field-${name}"]`)
    .locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]//p[contains(@class,"MuiFormHelperText-root")]')
  return (await helper.count()) ? ((await helper.first().textContent()) ?? '') : ''
}

/** Payment methods and checkout settings (spec §3.1, §5.4; decision 0079), as a merchant sets them. */
describe('settings/payment', () => {
  const app = useApp()

  it('saves rounding, order numbers and card keys; the secret key never comes back', async () => {
    const who = await merchant(app.server.url, 'payset')
    const page = await app.openAs(who, `/${who.shop!._id}/settings/payment`)
    const shell = new Shell(page)
    const choices = new Choices(page)
    await page.getByTestId('payment-settings').waitFor()
    expect(await page.getByTestId('order-id-preview').textContent()).toBe('000001')

    // The shared §5.4 rule shows on the total factor as soon as the subtotal factor is typed.
    await page.getByTestId('field-subtotalRoundingFactor').fill('0.10')
    await expect.poll(() => messageOf(page, 'roundingFactor'), poll).toBe(TOTAL_REQUIRED)
    await page.getByTestId('field-roundingFactor').fill('1')
    await page.getByTestId('field-roundingFactor').press('Tab')
    await expect.poll(() => messageOf(page, 'roundingFactor'), poll).toBe('')
    await choices.select('field-roundingMode', 'Round up')

    // The preview follows the order number settings as they are typed.
    await page.getByTestId('field-orderIdList.prefix').fill('HK-')
    await page.getByTestId('field-orderIdList.padding').fill('4')
    await choices.select('field-orderIdList.dateFormat', 'Year, month and day (20260401)')
    await expect.poll(() => page.getByTestId('order-id-preview').textContent(), poll).toMatch(/^HK-20\d{6}0001$/)
    await page.getByTestId('field-orderIdList.startNum').fill('500')
    await expect.poll(() => page.getByTestId('order-id-preview').textContent(), poll).toMatch(/^HK-20\d{6}0500$/)

    await page.getByTestId('field-posExtraPaymentMethods-add').click()
    await page.getByTestId('field-posExtraPaymentMethods-0-name').fill('Octopus')
    await page.getByTestId('field-cardPayment.enabled').check()
    await page.getByTestId('field-cardPayment.publicKey').fill('pk_test_e2e')
    expect(await page.getByTestId('field-cardPayment.secretKey-status').getAttribute('data-set')).toBe('false')
    await page.getByTestId('field-cardPayment.secretKey').fill(SECRET)
    await page.getByTestId('payment-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')

    // Over the API: the settings as stored, the secret only as "set".
    const shop = await readRecord<Record<string, unknown>>(app.server.url, who, 'shops', who.shop!._id)
    expect(shop).toMatchObject({
      subtotalRoundingFactor: 10,
      roundingFactor: 100,
      roundingMode: 'roundUp',
      orderIdList: { prefix: 'HK-', padding: 4, startNum: 500, dateFormat: 'YYYYMMDD', type: 'sequence' },
      posExtraPaymentMethods: [{ name: 'Octopus' }],
      cardPayment: { provider: 'stripe', enabled: true, publicKey: 'pk_test_e2e', hasSecretKey: true }
    })
    expect(JSON.stringify(shop)).not.toContain(SECRET)
    // The form starts again from the shop: the secret input empty, saying a key is set.
    expect(await page.getByTestId('field-cardPayment.secretKey').inputValue()).toBe('')
    await expect.poll(() => page.getByTestId('field-cardPayment.secretKey-status').getAttribute('data-set'), poll).toBe('true')
    // Reopened, the page shows what was saved.
    await page.reload()
    await page.getByTestId('payment-settings').waitFor()
    await expect.poll(() => page.getByTestId('field-roundingFactor').inputValue(), poll).toBe('1.00')
    expect(await page.getByTestId('field-subtotalRoundingFactor').inputValue()).toBe('0.10')
    expect(await page.getByTestId('field-cardPayment.secretKey').inputValue()).toBe('')
  })

  it('refuses rounding factors that break the rules on the field in cht, and asks before leaving unsaved changes', async () => {
    const who = await merchant(app.server.url, 'paysetcht')
    const page = await app.openAs(who, `/${who.shop!._id}/settings/payment`, { lang: 'cht' })
    const shell = new Shell(page)
    await page.getByTestId('payment-settings').waitFor()
    await page.getByTestId('field-subtotalRoundingFactor').fill('0.5')
    await page.getByTestId('field-roundingFactor').fill('0.2')
    await expect.poll(() => messageOf(page, 'roundingFactor'), poll).toBe(BELOW_SUBTOTAL_CHT)
    await page.getByTestId('field-roundingFactor').fill('0.75')
    await expect.poll(() => messageOf(page, 'roundingFactor'), poll).toBe(NOT_DIVISIBLE_CHT)
    // Saving is refused before anything is sent: the shop keeps no rounding.
    await page.getByTestId('payment-settings-save').click()
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain(CHECK_FIELDS_CHT)
    const shop = await readRecord<Record<string, unknown>>(app.server.url, who, 'shops', who.shop!._id)
    expect(shop.roundingFactor).toBeUndefined()
    expect(shop.subtotalRoundingFactor).toBeUndefined()

    // Leaving with unsaved changes asks; staying keeps them.
    await shell.menu('home').click()
    await page.getByTestId('unsaved-dialog').waitFor()
    await page.getByTestId('unsaved-dialog').getByTestId('confirm-cancel').click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${who.shop!._id}/settings/payment`)
    expect(await page.getByTestId('field-roundingFactor').inputValue()).toBe('0.75')
    await page.getByTestId('field-roundingFactor').fill('1')
    await expect.poll(() => messageOf(page, 'roundingFactor'), poll).toBe('')
    await page.getByTestId('payment-settings-save').click()
    await expect
      .poll(
        async () => (await readRecord<Record<string, unknown>>(app.server.url, who, 'shops', who.shop!._id)).roundingFactor,
        poll
      )
      .toBe(100)
  })

  it('sets the online order limits and cash on pick-up by clicking, refusing out-of-range or half values in cht (decision 0120)', async () => {
    const who = await merchant(app.server.url, 'paylimits')
    const page = await app.openAs(who, `/${who.shop!._id}/settings/payment`, { lang: 'cht' })
    const shell = new Shell(page)
    await page.getByTestId('payment-settings-onlineOrders').waitFor()
    // The limits in force are shown: the defaults, each field saying what it means.
    expect(await page.getByTestId('field-onlineOrderLimits.maxLines').inputValue()).toBe('30')
    expect(await page.getByTestId('field-onlineOrderLimits.pickUpMinutes').inputValue()).toBe('1440')
    expect(await messageOf(page, 'onlineOrderLimits.maxLines')).toBe(MAX_LINES_HELP_CHT)

    // Out of the shared schema's range, or not whole: refused on the field before anything is sent.
    await page.getByTestId('field-onlineOrderLimits.maxLines').fill('120')
    await page.getByTestId('field-onlineOrderLimits.maxUnpaidOrders').fill('2.5')
    await page.getByTestId('payment-settings-save').click()
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain(CHECK_FIELDS_CHT)
    await expect.poll(() => messageOf(page, 'onlineOrderLimits.maxLines'), poll).toBe(AT_MOST_100_CHT)
    expect(await messageOf(page, 'onlineOrderLimits.maxUnpaidOrders')).toBe(WHOLE_NUMBER_CHT)
    expect(
      (await readRecord<Record<string, unknown>>(app.server.url, who, 'shops', who.shop!._id)).onlineOrderLimits
    ).toBeUndefined()

    await page.getByTestId('field-onlineOrderLimits.maxLines').fill('80')
    await page.getByTestId('field-onlineOrderLimits.maxUnpaidOrders').fill('5')
    await page.getByTestId('field-onlineOrderLimits.pickUpMinutes').fill('0')
    await page.getByTestId('field-pickUp.enabled').check()
    await page.getByTestId('field-pickUp.address').fill('Shop 3, 1 Queen St')
    await expect.poll(() => messageOf(page, 'onlineOrderLimits.maxLines'), poll).toBe(MAX_LINES_HELP_CHT)
    await page.getByTestId('payment-settings-save').click()
    await expect
      .poll(
        async () => (await readRecord<Record<string, unknown>>(app.server.url, who, 'shops', who.shop!._id)).onlineOrderLimits,
        poll
      )
      .toEqual({ maxLines: 80, maxUnpaidOrders: 5, pickUpMinutes: 0 })
    const shop = await readRecord<Record<string, unknown>>(app.server.url, who, 'shops', who.shop!._id)
    expect(shop.pickUp).toEqual({ enabled: true, address: 'Shop 3, 1 Queen St' })

    // Reopened, the page shows what was saved (and the untouched limits at their defaults).
    await page.reload()
    await page.getByTestId('payment-settings-onlineOrders').waitFor()
    await expect.poll(() => page.getByTestId('field-onlineOrderLimits.maxLines').inputValue(), poll).toBe('80')
    expect(await page.getByTestId('field-onlineOrderLimits.maxUnpaidOrders').inputValue()).toBe('5')
    expect(await page.getByTestId('field-onlineOrderLimits.pickUpMinutes').inputValue()).toBe('0')
    expect(await page.getByTestId('field-onlineOrderLimits.bankTransferMinutes').inputValue()).toBe('60')
    expect(await page.getByTestId('field-pickUp.enabled').isChecked()).toBe(true)
    expect(await page.getByTestId('field-pickUp.address').inputValue()).toBe('Shop 3, 1 Queen St')
  })

  it('saves bank transfer with an account from a new shop in cht, and says it was saved', async () => {
    const who = await merchant(app.server.url, 'paybank')
    const page = await app.openAs(who, `/${who.shop!._id}/settings/payment`, { lang: 'cht' })
    const shell = new Shell(page)
    await page.getByTestId('payment-settings-methods').waitFor()
    await page.getByTestId('field-bankTransfer.enabled').check()
    await page.getByTestId('field-bankTransfer.accounts-add').click()
    // A new account is shown to customers from the start, as it is saved.
    expect(await page.getByTestId('field-bankTransfer.accounts-0-enabled').isChecked()).toBe(true)
    await page.getByTestId('field-bankTransfer.accounts-0-bankName').fill('匯豐銀行')
    await page.getByTestId('field-bankTransfer.accounts-0-name').fill('翡翠茶舍')
    await page.getByTestId('field-bankTransfer.accounts-0-no').fill('123-456789-001')
    await page.getByTestId('payment-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain(SAVED_CHT)
    const shop = await readRecord<Record<string, unknown>>(app.server.url, who, 'shops', who.shop!._id)
    expect(shop.bankTransfer).toEqual({
      enabled: true,
      accounts: [{ bankName: '匯豐銀行', name: '翡翠茶舍', no: '123-456789-001', enabled: true }]
    })
  })
})
