import { describe, expect, it } from 'vitest'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord, seedProduct } from '../support/catalogue'

/** Spec §2.10, §9.5: a product's content with a heading 3, a bullet list, a link and a preset colour, in cht. */
describe('rich text (spec §2.10, §9.5)', () => {
  const app = useApp()

  it('keeps a heading, a list, a checked link and a preset colour through save and reload', async () => {
    const who = await merchant(app.server.url, 'rich-text')
    const tea = await seedProduct(app.server.url, who, { name: { cht: '凍頂烏龍' } })
    const path = `/${who.shop!._id}/products/edit/${tea._id}`
    const page = await app.openAs(who, path, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const field = page.getByRole('group', { name: '內容', exact: true })
    const text = field.getByRole('textbox', { name: '內容' })
    await text.waitFor()
    await text.click()

    await field.getByRole('combobox', { name: '文字樣式' }).selectOption({ label: '標題 3' })
    await page.keyboard.type('沖泡方法')
    await page.keyboard.press('Enter')
    await field.getByRole('button', { name: '項目符號清單' }).click()
    await page.keyboard.type('熱水')
    await page.keyboard.press('Enter')
    await page.keyboard.type('三分鐘')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')

    // The link dialog refuses a script address, then takes a bare host as https.
    await field.getByRole('button', { name: '連結' }).click()
    const dialog = page.getByRole('dialog', { name: '連結' })
    await dialog.getByRole('textbox', { name: '網址' }).fill('javascript:alert(1)')
    await dialog.getByRole('button', { name: '套用' }).click()
    await expect.poll(() => dialog.textContent(), poll).toContain('請輸入 http(s)、mailto 或 tel 網址')
    await dialog.getByRole('textbox', { name: '網址' }).fill('example.com/tea')
    await dialog.getByRole('button', { name: '套用' }).click()
    await expect.poll(() => dialog.count(), poll).toBe(0)

    await page.keyboard.press('Enter')
    await page.keyboard.type('限量')
    await page.keyboard.press('Shift+Home')
    await field.getByRole('button', { name: '文字顏色' }).click()
    await page.getByRole('button', { name: '顏色 #f44336' }).click()

    await page.getByTestId('editor-save').click()
    await expect.poll(() => page.getByTestId('success-snackbar').textContent(), poll).toContain('儲存成功')
    const stored = await readRecord<{ content?: string }>(app.server.url, who, 'products', tea._id)
    expect(stored.content).toBe(
      '<h3>沖泡方法</h3><ul><li><p>熱水</p></li><li><p>三分鐘</p></li></ul>' +
        '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/tea">https://example.com/tea</a></p>' +
        '<p><span style="color:#f44336">限量</span></p>'
    )

    // Saving goes back to the list: the product is opened again from its address.
    await page.goto(app.url(path))
    await text.waitFor()
    await expect.poll(() => text.locator('h3').textContent(), poll).toBe('沖泡方法')
    expect(await text.locator('ul > li').allTextContents()).toEqual(['熱水', '三分鐘'])
    expect(await text.locator('a[href="https://example.com/tea"]').count()).toBe(1)
    // The colour is read back (the browser's editor shows #f44336 as rgb).
    expect(
      await text
        .locator('span')
        .filter({ hasText: '限量' })
        .evaluate((span) => getComputedStyle(span).color)
    ).toBe('rgb(244, 67, 54)')
  })
})
