import { describe, expect, it } from 'vitest'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { createShop, merchant, uniqueSubdomain, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord, seedProduct } from '../support/catalogue'

interface ProductRead {
  skus?: { id: string; name: string; price?: number }[]
  productLinks?: { shop: string; product: string }[]
}

/** The product editor as a merchant scans it (spec §3.7; decisions 0188, 0189), in cht. */
describe('product editor (spec §3.7)', () => {
  const app = useApp()

  it('shows sections, builds a 2×2 variant matrix with a bulk price, and links a product picked by name', async () => {
    const who = await merchant(app.server.url, 'product-editor')
    const second = await createShop(app.server.url, who.session, '九龍分店', uniqueSubdomain('kowloon'))
    const there: Merchant = { ...who, shop: second }
    const target = await seedProduct(app.server.url, there, { name: { en: 'Oolong (Kowloon)', cht: '九龍烏龍茶' } })
    const product = await seedProduct(app.server.url, who, { name: { en: 'Oolong', cht: '烏龍茶' } })

    const url = `/${who.shop!._id}/products/edit/${product._id}`
    let page = await app.openAs(who, url, { lang: 'cht' })
    const editor = new EditorPage(page)
    await page.getByTestId('editor-section-variants').waitFor()
    const titles = await page.locator('[data-testid^="editor-section-"] h3').allTextContents()
    expect(titles.slice(0, 3)).toEqual(['基本資料', '媒體', '價格'])
    expect(titles).toContain('連結其他商店')

    // Two options of two values each: Size S/M × Colour red/blue.
    for (const [index, name, values] of [
      [0, '尺寸', ['S', 'M']],
      [1, '顏色', ['紅', '藍']]
    ] as const) {
      await page.getByTestId('field-attributes-add').click()
      await editor.fillTranslatable(`attributes-${index}-name`, 'cht', name)
      for (const value of values) {
        await page.getByTestId(`field-attributes-${index}-values`).fill(value)
        await page.getByTestId(`field-attributes-${index}-values`).press('Enter')
      }
    }
    const matrix = page.getByTestId('field-variantMatrix')
    const rows = matrix.getByTestId('field-variantMatrix-row')
    await page.getByTestId('field-variantMatrix-generate').click()
    await expect
      .poll(() => rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-name'))), poll)
      .toEqual(['S / 紅', 'S / 藍', 'M / 紅', 'M / 藍'])
    await page.getByTestId('field-variantMatrix-bulk-price').fill('25')
    await page.getByTestId('field-variantMatrix-bulk-apply').click()
    await expect.poll(() => page.getByTestId('field-variantMatrix-price-3').inputValue(), poll).toBe('25.00')

    // A product of the merchant's other shop, found by its name.
    await page.getByTestId('field-productLinks-add').click()
    await page.getByTestId('field-productLinks-product-0').fill('九龍')
    await page.getByRole('option', { name: '九龍烏龍茶' }).click()

    await editor.save()
    await expect.poll(() => new Shell(page).text(new Shell(page).successSnackbar()), poll).toContain('儲存成功')
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)

    const saved = await readRecord<ProductRead>(app.server.url, who, 'products', product._id)
    expect(saved.skus?.map((sku) => [sku.name, sku.price])).toEqual([
      ['S / 紅', 2500],
      ['S / 藍', 2500],
      ['M / 紅', 2500],
      ['M / 藍', 2500]
    ])
    expect(saved.productLinks).toEqual([expect.objectContaining({ shop: second._id, product: target._id })])

    // Opened again, the SKUs and the linked product's name are there.
    await page.close()
    page = await app.openAs(who, url, { lang: 'cht' })
    await page.getByTestId('editor-section-variants').waitFor()
    await expect
      .poll(
        () => page.getByTestId('field-variantMatrix-row').evaluateAll((all) => all.map((row) => row.getAttribute('data-name'))),
        poll
      )
      .toEqual(['S / 紅', 'S / 藍', 'M / 紅', 'M / 藍'])
    await expect.poll(() => page.getByTestId('field-productLinks-product-0').inputValue(), poll).toBe('九龍烏龍茶')
  })
})
