import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct } from '../support/catalogue'
import { indexOfBytes, installFakeDevices, printedBytes } from '../support/fake-devices'

// apps/web/src/lib/i18n/pos-printing.messages.ts and features/settings-pos/settings-pos.messages.ts, cht.
const PRINTER_TYPE = '打印機類型'
const ORDINARY = '一般打印機（打印對話框）'
const THERMAL = '熱感收據打印機'
const BUNDLE_POPUP = '收銀機的組合優惠'
const POPUP = '加入產品時以彈出視窗提供'
const SHOP_CODE = '商店編號: HK-01'
const APP_CAPTION = '下載我們的應用程式'
const PRINT_LABELS = '打印標籤'

/**
 * The receipt's settings and this device's printer (spec §3.1 POS and devices, §3.12 label print;
 * decisions 0182–0184), in cht: a merchant sets the footer domain, app link, shop code and bundle popup,
 * prints a sample receipt on an ordinary printer (the browser's print page), then prints labels of two
 * products from the product list on a thermal USB printer.
 */
describe('receipt settings and label printing', () => {
  const app = useApp()

  it('sets the receipt fields in settings/pos, sees them on the printed sample, and prints labels from the product list', async () => {
    const base = app.server.url
    const who = await merchant(base, 'receipts')
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/settings/pos`, {
      lang: 'cht',
      viewport: { width: 1440, height: 900 },
      onPage: (page) => void installFakeDevices(page)
    })
    if (!(await page.evaluate(() => '__fakeDevices' in window))) await page.reload()
    const shell = new Shell(page)

    // A link that could run script is refused on the form, as the server refuses it.
    await page.getByTestId('field-posAppLink').fill('javascript:alert(1)')
    await page.getByTestId('pos-settings-save').click()
    await expect.poll(() => page.getByTestId('pos-settings').locator('.Mui-error').count(), poll).toBeGreaterThan(0)

    await page.getByTestId('field-posFooterDomain').fill('tea.example.com')
    await page.getByTestId('field-posAppLink').fill('https://apps.example.com/tea')
    await page.getByTestId('field-posCode').fill('HK-01')
    await page.getByRole('combobox', { name: BUNDLE_POPUP }).click()
    await page.getByRole('option', { name: POPUP }).click()
    await page.getByTestId('pos-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).not.toBe('')
    const saved = (await (
      await fetch(`${base}/api/shops/${shop}`, { headers: { authorization: `Bearer ${who.session.accessToken}` } })
    ).json()) as Record<string, unknown>
    expect(saved).toMatchObject({
      posFooterDomain: 'tea.example.com',
      posAppLink: 'https://apps.example.com/tea',
      posCode: 'HK-01',
      bundlePopup: 'popup'
    })

    // This device prints on an ordinary printer: the sample receipt is a printable page.
    const section = page.getByTestId('printer-settings')
    await section.getByRole('combobox', { name: PRINTER_TYPE }).click()
    await page.getByRole('option', { name: ORDINARY }).click()
    await page.getByTestId('printer-sample').click()
    const slip = page.frameLocator('[data-testid="print-frame"]').locator('.slip')
    await expect.poll(() => slip.textContent(), poll).toContain('tea.example.com')
    const text = (await slip.textContent()) ?? ''
    expect(text).toContain(SHOP_CODE)
    expect(text).toContain(APP_CAPTION)
    expect(await slip.locator('.qr').getAttribute('data-qr')).toBe('https://apps.example.com/tea')
    expect(await slip.locator('.qr svg').count()).toBe(1)

    // Labels of two products from the list, on a thermal printer over USB.
    await seedProduct(base, who, { name: { en: 'Oolong tea' }, price: 1800, posCode: '4891234567890' })
    await seedProduct(base, who, { name: { en: 'Jasmine tea' }, price: 900 })
    await page.goto(app.url(`/${shop}/products`))
    await expect.poll(() => page.getByTestId('row-select').count(), poll).toBe(2)
    await page.getByTestId('table-select-all').check()
    await page.getByTestId('table-batch-labels').click()
    const dialog = page.getByTestId('label-print-dialog')
    await expect.poll(() => shell.text(dialog.getByTestId('label-products')), poll).toContain('2')
    expect(await shell.text(dialog.locator('h2'))).toBe(PRINT_LABELS)
    await dialog.getByRole('combobox', { name: PRINTER_TYPE }).click()
    await page.getByRole('option', { name: THERMAL }).click()
    expect(await dialog.getByTestId('label-print').isDisabled()).toBe(true) // no printer connected yet
    await dialog.getByTestId('printer-connect').click()
    await expect.poll(() => dialog.getByTestId('printer-state').getAttribute('data-state'), poll).toBe('connected')
    await dialog.getByTestId('label-copies').fill('0')
    expect(await dialog.getByTestId('label-print').isDisabled()).toBe(true) // refused, not rounded up
    await dialog.getByTestId('label-copies').fill('2')
    await dialog.getByTestId('label-weight').fill('0.25')
    await dialog.getByTestId('label-print').click()
    await expect.poll(() => page.getByTestId('label-print-dialog').count(), poll).toBe(0)
    const bytes = await printedBytes(page, 'usb')
    const count = (needle: string) => {
      let found = 0
      for (let at = indexOfBytes(bytes, needle); at >= 0; at = indexOfBytes(bytes, needle, at + 1)) found++
      return found
    }
    expect(count('Oolong tea')).toBe(2)
    expect(count('Jasmine tea')).toBe(2)
    expect(indexOfBytes(bytes, [0x1d, 0x6b, 0x02, ...Array.from('4891234567890', (c) => c.charCodeAt(0))])).toBeGreaterThan(0)
  })
})
