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

/**
 * The smallest binary glTF a viewer shows: one triangle. The 12-byte header ("glTF", version 2, total
 * length), then a JSON chunk (the scene, padded with spaces) and a BIN chunk (three float positions).
 */
const triangleGlb = (): Buffer => {
  const positions = Buffer.alloc(36)
  ;[0, 0, 0, 1, 0, 0, 0, 1, 0].forEach((value, i) => positions.writeFloatLE(value, i * 4))
  const gltf = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    buffers: [{ byteLength: positions.length }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: positions.length, target: 34962 }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }]
  }
  let json = Buffer.from(JSON.stringify(gltf))
  json = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)])
  const chunk = (type: number, data: Buffer) => {
    const head = Buffer.alloc(8)
    head.writeUInt32LE(data.length, 0)
    head.writeUInt32LE(type, 4)
    return Buffer.concat([head, data])
  }
  const body = Buffer.concat([chunk(0x4e4f534a, json), chunk(0x004e4942, positions)])
  const header = Buffer.alloc(12)
  header.write('glTF', 0, 'ascii')
  header.writeUInt32LE(2, 4)
  header.writeUInt32LE(12 + body.length, 8)
  return Buffer.concat([header, body])
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

    // The 3D preview: a .glb uploaded through the media library's file chooser, then shown by model-viewer.
    await page.getByTestId('field-preview3d-mesh-pick').click()
    const library = page.getByTestId('media-library')
    await library.waitFor()
    const chooser = page.waitForEvent('filechooser')
    await page.getByTestId('media-upload').click()
    await (await chooser).setFiles({ name: 'triangle.glb', mimeType: 'model/gltf-binary', buffer: triangleGlb() })
    await expect.poll(() => new Shell(page).text(page.getByTestId('media-details')), poll).toContain('model/gltf-binary')
    await page.getByTestId('media-confirm').click()
    await expect.poll(() => library.count(), poll).toBe(0)
    await expect.poll(() => new Shell(page).text(page.getByTestId('field-preview3d-mesh-state')), poll).toBe('已選擇模型')
    await page.getByTestId('field-preview3d-show').click()
    const viewer = page.getByTestId('field-preview3d-viewer')
    await viewer.scrollIntoViewIfNeeded()
    await expect
      .poll(() => viewer.evaluate((element) => (element as HTMLElement & { loaded?: boolean }).loaded === true), poll)
      .toBe(true)
  })
})
