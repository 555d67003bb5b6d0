import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices, StockPanel } from '../pages/products'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord, seedProduct } from '../support/catalogue'
import { grantPlanWithout } from '../support/paid-features'
import { createRecord } from '../support/records'

interface ProductRead {
  _id: string
  name: Record<string, string>
  price: number
  status: string
  posCode?: string | null
  skus: { id: string; name: Record<string, string>; code?: string; price?: number }[]
  specs: { spec: string; value: unknown }[]
}

const listOf = async <T>(baseUrl: string, who: Merchant, path: string, query = '') => {
  const response = await fetch(`${baseUrl}/api/${path}?shop=${who.shop!._id}&$limit=100${query}`, {
    headers: { authorization: `Bearer ${who.session.accessToken}` }
  })
  return ((await response.json()) as { data: T[] }).data
}

describe('products (spec §2.2, §3.7)', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'products'))

  it('creates a product with two SKUs and a spec value in the editor, then finds it by keyword', async () => {
    const who = await ownerOnce()
    const origin = await createRecord(app.server.url, who, 'specs', {
      name: { en: 'Origin', cht: '產地' },
      type: 'enum',
      options: [
        { id: 'yunnan', name: { en: 'Yunnan' } },
        { id: 'fujian', name: { en: 'Fujian' } }
      ]
    })
    const page = await app.openAs(who, `/${who.shop!._id}/products`)
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)
    await expect.poll(() => shell.text(table.empty()), poll).toBe('No products yet. Add your first product to start selling.')

    await table.add()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${who.shop!._id}/products/edit`)
    await editor.dialog().waitFor()
    expect(await editor.mode()).toBe('new')
    await editor.fillTranslatable('name', 'en', 'Jasmine tea')
    await editor.fillTranslatable('name', 'cht', '茉莉花茶')
    await editor.fill('posCode', 'JT-001')
    await editor.fill('price', '12.5')
    await page.getByTestId('field-skus-add').click()
    await page.getByTestId('field-skus-add').click()
    await editor.fillTranslatable('skus-0-name', 'en', 'Small tin')
    await editor.fillTranslatable('skus-1-name', 'en', 'Large tin')
    await page.getByTestId('field-skus-1-code').fill('JT-L')
    await page.getByTestId('field-skus-1-price').fill('30')
    await page.getByTestId('field-specs-add').click()
    await choices.select('field-specs-0-spec', 'Origin')
    await choices.select('field-specs-0-value', 'Fujian')
    await editor.save()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => shell.pathname(), poll).toBe(`/${who.shop!._id}/products`)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Jasmine tea'])
    expect(await table.cellTexts('price')).toEqual(['$12.50'])
    // Nothing in stock yet, and the shop resets statuses: the status rule's answer from the start (decision 0070).
    expect(await table.cellTexts('status')).toEqual(['Sold Out (auto)'])

    const [saved] = await listOf<ProductRead>(app.server.url, who, 'products')
    expect(saved).toMatchObject({ name: { en: 'Jasmine tea', cht: '茉莉花茶' }, price: 1250, posCode: 'JT-001' })
    expect(saved.skus.map((sku) => [sku.name.en, sku.code ?? null, sku.price ?? null])).toEqual([
      ['Small tin', null, null],
      ['Large tin', 'JT-L', 3000]
    ])
    expect(saved.skus[0].id).toMatch(/^[A-Za-z0-9_-]{1,40}$/)
    expect(saved.specs).toEqual([{ spec: origin._id, value: 'fujian' }])

    // Keyword search (spec §3.16: raw): a Chinese name, then a SKU name.
    await seedProduct(app.server.url, who, { name: { en: 'Oolong tea', cht: '烏龍茶' } })
    await expect.poll(() => table.rows().count(), poll).toBe(2)
    await table.search('茉莉')
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Jasmine tea'])
    await table.search('large tin')
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Jasmine tea'])
    await table.search('烏龍')
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Oolong tea'])

    // Export takes the list's current query: the keyword too.
    await page.getByTestId('table-export').click()
    await page.getByTestId('export-csv').click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-start').click()])
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv).toContain('Oolong tea')
    expect(csv).not.toContain('Jasmine tea')
    expect(csv.split('\n')[0]).toContain('Stock')
    await table.search('')
    await expect.poll(() => table.rows().count(), poll).toBe(2)
  })

  it('clones a product, changes the status of a selection in one batch, and titles the edit page with the name', async () => {
    const who = await merchant(app.server.url, 'clone')
    const green = await seedProduct(app.server.url, who, { name: { en: 'Green tea' }, posCode: 'GT-1', price: 800 })
    const page = await app.openAs(who, `/${who.shop!._id}/products`)
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Green tea'])

    // Clone: prefilled, but without the code that must stay unique in the shop.
    await table.cloneRow(0)
    expect(await editor.mode()).toBe('clone')
    await expect.poll(() => editor.translatableValue('name', 'en'), poll).toBe('Green tea')
    expect(await editor.field('posCode').inputValue()).toBe('')
    expect(await editor.field('price').inputValue()).toBe('8.00')
    await editor.fillTranslatable('name', 'en', 'Green tea (gift box)')
    await editor.save()
    await expect.poll(() => table.rows().count(), poll).toBe(2)

    // Batch status change of the selection (spec §2.12 selection, §4.1 statuses).
    await table.selectAll().check()
    await expect.poll(() => table.selection(), poll).toBe('all')
    await page.getByTestId('table-batch-status').click()
    // A person never chooses the inventory's own status.
    expect(await page.getByTestId('table-batch-status-auto_soldOut').count()).toBe(0)
    await page.getByTestId('table-batch-status-discontinued').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Status changed')
    await expect.poll(() => table.cellTexts('status'), poll).toEqual(['Discontinued', 'Discontinued'])
    const stored = await readRecord<ProductRead>(app.server.url, who, 'products', green._id)
    expect(stored.status).toBe('discontinued')

    // The edit route's title carries the product's name (spec §2.14).
    await page.goto(app.url(`/${who.shop!._id}/products/edit/${green._id}`))
    await expect.poll(() => shell.text(shell.title()), poll).toBe('Edit Product: Green tea')
    await expect.poll(() => shell.text(editor.title()), poll).toBe('Edit Product: Green tea')
    await editor.close()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${who.shop!._id}/products`)
  })

  it('manages spec definitions and tags in tabs of the products page (tab in the URL)', async () => {
    const who = await merchant(app.server.url, 'specs')
    const page = await app.openAs(who, `/${who.shop!._id}/products`)
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)
    await page.getByTestId('tab-specs').click()
    await expect.poll(() => new URL(page.url()).searchParams.get('tab'), poll).toBe('specs')
    await expect.poll(() => table.root().getAttribute('data-path'), poll).toBe('specs')

    await table.add()
    await editor.fillTranslatable('name', 'en', 'Caffeine')
    await choices.select('field-type', 'Single')
    // Options only for single and multi choices; min and max only for numbers.
    expect(await page.getByTestId('field-min').count()).toBe(0)
    await page.getByTestId('field-options-add').click()
    await editor.fillTranslatable('options-0-name', 'en', 'Low')
    await page.getByTestId('field-options-add').click()
    await editor.fillTranslatable('options-1-name', 'en', 'High')
    await editor.save()
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Caffeine'])
    expect(await table.cellTexts('type')).toEqual(['Single'])
    const [spec] = await listOf<{ type: string; options: { id: string; name: { en: string } }[] }>(app.server.url, who, 'specs')
    expect(spec.type).toBe('enum')
    expect(spec.options.map((option) => option.name.en)).toEqual(['Low', 'High'])
    expect(new Set(spec.options.map((option) => option.id)).size).toBe(2)

    // A reload keeps the tab.
    await page.reload()
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Caffeine'])

    await page.getByTestId('tab-tags').click()
    await expect.poll(() => table.root().getAttribute('data-path'), poll).toBe('tags')
    await table.add()
    await editor.fillTranslatable('name', 'en', 'New arrival')
    await editor.fillTranslatable('name', 'cht', '新品')
    await editor.field('showOnCard').check()
    await editor.save()
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['New arrival'])
    expect(await table.cellTexts('showOnCard')).toEqual(['Yes'])

    await page.getByTestId('tab-products').click()
    await expect.poll(() => table.root().getAttribute('data-path'), poll).toBe('products')
    expect(new URL(page.url()).searchParams.get('tab')).toBeNull()
    expect(await shell.text(shell.title())).toBe('Products')
  })

  it('builds a related-product list, and a bundle form that sends its products (bundles need the paid attribute)', async () => {
    const who = await merchant(app.server.url, 'bundles')
    // A plan without bundles, as the operator grants it (a new shop's trial has every feature).
    await grantPlanWithout(app.server.url, who, 'bundle')
    const tea = await seedProduct(app.server.url, who, {
      name: { en: 'Pu-erh' },
      skus: [
        { id: 'cake', name: { en: 'Cake' } },
        { id: 'brick', name: { en: 'Brick' } }
      ]
    })
    const pot = await seedProduct(app.server.url, who, { name: { en: 'Teapot' } })
    const page = await app.openAs(who, `/${who.shop!._id}/productRelateds`)
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)
    await expect.poll(() => table.empty().count(), poll).toBe(1)
    await table.add()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${who.shop!._id}/productRelateds/edit`)
    await editor.fillTranslatable('name', 'en', 'Goes well with')
    await choices.lookup('field-products', 'Teap', 'Teapot')
    await choices.lookup('field-products', 'Pu', 'Pu-erh')
    await editor.save()
    await expect.poll(() => table.cellTexts('products'), poll).toEqual(['2'])
    const [related] = await listOf<{ products: string[] }>(app.server.url, who, 'productRelateds')
    expect(related.products).toEqual([pot._id, tea._id])

    // Bundles are a paid feature the shop's plan lacks: the form is checked by what it sends, and the
    // refusal shows translated.
    const sent: string[] = []
    page.on('websocket', (socket) => socket.on('framesent', (frame) => sent.push(String(frame.payload))))
    await page.goto(app.url(`/${who.shop!._id}/productBundles/edit`))
    await editor.dialog().waitFor()
    await editor.fillTranslatable('name', 'en', 'Tea set')
    await editor.fill('price', '88')
    await choices.lookup('field-products-0-product', 'Pu', 'Pu-erh')
    // The SKU choice appears once the chosen product has SKUs.
    await choices.select('field-products-0-sku', 'Brick')
    await page.getByTestId('field-products-0-quantity').fill('2')
    await editor.save()
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain('This feature is not enabled for the shop')
    const create = sent.find((frame) => frame.includes('"create","productBundles"'))
    expect(create, 'the bundle create call').toBeTruthy()
    const [, , data] = JSON.parse(create!.replace(/^\d+/, '')) as [string, string, Record<string, unknown>]
    expect(data).toMatchObject({
      name: { en: 'Tea set' },
      price: 8800,
      products: [{ product: tea._id, sku: 'brick', quantity: 2 }]
    })
  })

  it('shows one status in the list and the editor: never stocked is Sold Out (auto), and both follow the stock live', async () => {
    const who = await merchant(app.server.url, 'one-status')
    const [warehouse] = await listOf<{ _id: string }>(app.server.url, who, 'warehouses')
    const product = await seedProduct(app.server.url, who, { name: { en: 'White peony' } })
    const watcher = await app.openAs(who, `/${who.shop!._id}/products`)
    const list = new DataTablePage(watcher)
    await expect.poll(() => list.cellTexts('status'), poll).toEqual(['Sold Out (auto)'])

    const page = await app.openAs(who, `/${who.shop!._id}/products/edit/${product._id}`)
    const status = page.locator('[data-testid="field-status"]').locator('xpath=..').getByRole('combobox')
    await expect.poll(() => status.textContent(), poll).toBe('Sold Out (auto)')
    await expect.poll(() => page.getByTestId('product-stock-status').textContent(), poll).toBe('Sold Out (auto)')

    await createRecord(app.server.url, who, 'inventories', { warehouse: warehouse._id, product: product._id, quantity: 2 })
    await expect.poll(() => status.textContent(), poll).toBe('On Sale')
    await expect.poll(() => list.cellTexts('status'), poll).toEqual(['On Sale'])
    // The status the editor shows follows the stock without being a change of the person's: closing asks nothing.
    await new EditorPage(page).close()
    await expect.poll(() => new EditorPage(page).dialog().count(), poll).toBe(0)
  })

  it('gives a product that holds stock its first SKU in the editor: the stock moves to that SKU', async () => {
    const who = await merchant(app.server.url, 'first-sku')
    const [warehouse] = await listOf<{ _id: string }>(app.server.url, who, 'warehouses')
    const product = await seedProduct(app.server.url, who, { name: { en: 'Gaiwan' } })
    await createRecord(app.server.url, who, 'inventories', { warehouse: warehouse._id, product: product._id, quantity: 4 })
    const page = await app.openAs(who, `/${who.shop!._id}/products/edit/${product._id}`)
    const shell = new Shell(page)
    const editor = new EditorPage(page)
    const stock = new StockPanel(page)
    await expect.poll(() => stock.quantity(''), poll).toBe(4)

    await page.getByTestId('field-skus-add').click()
    await editor.fillTranslatable('skus-0-name', 'en', 'White')
    await editor.save()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    const saved = await readRecord<{ cachedInventory: number; skus: { id: string; name: { en: string }; quantity: number }[] }>(
      app.server.url,
      who,
      'products',
      product._id
    )
    expect(saved.cachedInventory).toBe(4)
    expect(saved.skus.map((sku) => [sku.name.en, sku.quantity])).toEqual([['White', 4]])

    await page.goto(app.url(`/${who.shop!._id}/products/edit/${product._id}`))
    await expect.poll(() => stock.quantity(saved.skus[0].id), poll).toBe(4)
    expect(await stock.row('').count()).toBe(0)
    expect(await stock.total().textContent()).toBe('4')
  })
})
