import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Choices, StockPanel } from '../pages/products'
import { Shell } from '../pages/shell'
import { createShop, merchant, uniqueSubdomain, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord, seedOperation, seedProduct, seedRestock, seedWarehouse } from '../support/catalogue'
import { createRecord } from '../support/records'

interface Inventory {
  quantity: number
  unitPrice: number
  totalPrice: number
  sku: string
  supplier: string
}

describe('inventory (spec §2.2 warehouses, §3.8)', () => {
  const app = useApp()

  /** A shop with two warehouses and a product with two SKUs. */
  const stockedShop = async (label: string) => {
    const who = await merchant(app.server.url, label)
    const main = await seedWarehouse(app.server.url, who, 'Main store')
    const back = await seedWarehouse(app.server.url, who, 'Back room')
    const product = await seedProduct(app.server.url, who, {
      name: { en: 'Oolong tea', cht: '烏龍茶' },
      skus: [
        { id: 'small', name: { en: 'Small tin', cht: '細罐' } },
        { id: 'large', name: { en: 'Large tin', cht: '大罐' } }
      ]
    })
    return { who, main, back, product }
  }

  const openEditor = async (who: Merchant, product: string, lang: 'en' | 'cht' = 'en') => {
    const page = await app.openAs(who, `/${who.shop!._id}/products/edit/${product}`, { lang })
    const stock = new StockPanel(page)
    await stock.root().waitFor()
    return { page, stock, shell: new Shell(page) }
  }

  it('restocks through warehouses/inventories and shows the stock in the product editor', async () => {
    const { who, main, product } = await stockedShop('restock')
    const page = await app.openAs(who, `/${who.shop!._id}/warehouses/inventories`)
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)
    await expect.poll(() => table.empty().count(), poll).toBe(1)
    await table.add()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${who.shop!._id}/warehouses/inventories/edit`)
    await choices.lookup('field-warehouse', 'Main', 'Main store')
    await choices.lookup('field-product', 'Oolong', 'Oolong tea')
    // The SKU choice lists the chosen product's SKUs.
    await choices.select('field-sku', 'Large tin')
    await editor.fill('quantity', '10')
    await editor.fill('unitPrice', '2.5')
    await editor.fill('supplier', 'Fujian Tea Co.')
    await editor.save()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    await expect.poll(() => table.cellTexts('quantity'), poll).toEqual(['10'])
    // The total defaults to unit price × quantity.
    expect(await table.cellTexts('totalPrice')).toEqual(['$25.00'])
    await expect.poll(() => table.cellTexts('product'), poll).toEqual(['Oolong tea'])
    await expect.poll(() => table.cellTexts('sku'), poll).toEqual(['Large tin'])
    await expect.poll(() => table.cellTexts('warehouse'), poll).toEqual(['Main store'])

    // Saved entries are never removed, and only their paperwork changes.
    expect(await table.row(0).getByTestId('row-delete').count()).toBe(0)
    await table.editRow(0)
    await expect.poll(() => editor.field('supplier').inputValue(), poll).toBe('Fujian Tea Co.')
    expect(await editor.field('quantity').isDisabled()).toBe(true)
    expect(await page.getByTestId('editor-delete').count()).toBe(0)
    await editor.fill('supplier', 'Anxi Tea Co.')
    await editor.save()
    await expect.poll(() => table.cellTexts('supplier'), poll).toEqual(['Anxi Tea Co.'])
    const id = (await table.row(0).getAttribute('data-id'))!
    expect(await readRecord<Inventory>(app.server.url, who, 'inventories', id)).toMatchObject({
      quantity: 10,
      unitPrice: 250,
      totalPrice: 2500,
      sku: 'large',
      supplier: 'Anxi Tea Co.'
    })

    const { stock } = await openEditor(who, product._id)
    await expect.poll(() => stock.quantity('large'), poll).toBe(10)
    expect(await stock.byWarehouse('large')).toEqual({ [main._id]: 10 })
    expect(await stock.quantity('small')).toBe(0)
    expect(await stock.total().textContent()).toBe('10')
  })

  it('refuses to take away more than is available, in the user’s language, and transfers between warehouses', async () => {
    const { who, main, back, product } = await stockedShop('transfer')
    await seedRestock(app.server.url, who, { warehouse: main._id, product: product._id, sku: 'small', quantity: 10 })
    const { page, stock, shell } = await openEditor(who, product._id, 'cht')
    await expect.poll(() => stock.quantity('small'), poll).toBe(10)

    await stock.operate('small', { mode: '取走', warehouse: 'Main store', delta: '12' })
    await expect.poll(() => shell.text(stock.error()), poll).toBe('庫存不足：只有 10 件可用')
    await page.getByTestId('stock-operation-cancel').click()
    expect(await stock.quantity('small')).toBe(10)

    await stock.operate('small', { mode: '轉倉', warehouse: 'Main store', delta: '4', toWarehouse: 'Back room' })
    await expect.poll(() => stock.dialog().count(), poll).toBe(0)
    await expect.poll(() => stock.byWarehouse('small'), poll).toEqual({ [main._id]: 6, [back._id]: 4 })
    expect(await stock.quantity('small')).toBe(10)

    await stock.operate('small', { mode: '取走', warehouse: 'Back room', delta: '1' })
    await expect.poll(() => stock.byWarehouse('small'), poll).toEqual({ [main._id]: 6, [back._id]: 3 })

    // The ledger (spec §3.8): one row per change, newest first, read-only.
    await page.goto(app.url(`/${who.shop!._id}/warehouses/inventoryLogs?lang=en`))
    const table = new DataTablePage(page)
    await expect.poll(() => table.rows().count(), poll).toBe(4)
    expect(await table.cellTexts('type')).toEqual(['Take Away', 'Transfer', 'Transfer', 'Restock'])
    expect((await table.cellTexts('delta')).slice(0, 1)).toEqual(['-1'])
    expect([...(await table.cellTexts('delta')).slice(1, 3)].sort()).toEqual(['-4', '4'])
    expect(await table.cellTexts('delta').then((cells) => cells[3])).toBe('10')
    expect(await table.cellTexts('quantity').then((cells) => cells[0])).toBe('3')
    await expect.poll(() => table.cellTexts('sku'), poll).toEqual(['Small tin', 'Small tin', 'Small tin', 'Small tin'])
    expect(await table.cellTexts('source.type')).toEqual([
      'Stock operation',
      'Stock operation',
      'Stock operation',
      'Inventory entry'
    ])
    expect(await table.addButton().count()).toBe(0)
    expect(await table.row(0).getByTestId('row-edit').count()).toBe(0)
    expect(await table.row(0).getByTestId('row-delete').count()).toBe(0)
  })

  it('marks a product "Sold Out (auto)" when its stock reaches zero, live in a second browser', async () => {
    const who = await merchant(app.server.url, 'soldout')
    const main = await seedWarehouse(app.server.url, who, 'Main store')
    const product = await seedProduct(app.server.url, who, { name: { en: 'Matcha' } })
    await seedRestock(app.server.url, who, { warehouse: main._id, product: product._id, quantity: 3 })

    // Someone else watches the products list in another browser.
    const watcher = await app.openAs(who, `/${who.shop!._id}/products`)
    const list = new DataTablePage(watcher)
    await expect.poll(() => list.cellTexts('cachedInventory'), poll).toEqual(['3'])
    expect(await list.cellTexts('status')).toEqual(['On Sale'])
    const other = await openEditor(who, product._id)
    await expect.poll(() => other.stock.quantity(''), poll).toBe(3)

    const { stock } = await openEditor(who, product._id)
    await expect.poll(() => stock.quantity(''), poll).toBe(3)
    await stock.operate('', { mode: 'Take Away', warehouse: 'Main store', delta: '3' })
    await expect.poll(() => stock.quantity(''), poll).toBe(0)
    await expect.poll(() => stock.status().textContent(), poll).toBe('Sold Out (auto)')

    // Both other browsers follow without a reload.
    await expect.poll(() => list.cellTexts('cachedInventory'), poll).toEqual(['0'])
    await expect.poll(() => list.cellTexts('status'), poll).toEqual(['Sold Out (auto)'])
    await expect.poll(() => other.stock.quantity(''), poll).toBe(0)
    await expect.poll(() => other.stock.status().textContent(), poll).toBe('Sold Out (auto)')

    // Restocking puts it back on sale.
    await stock.operate('', { mode: 'Restock', warehouse: 'Main store', delta: '5' })
    await expect.poll(() => list.cellTexts('status'), poll).toEqual(['On Sale'])
    await expect.poll(() => other.stock.quantity(''), poll).toBe(5)
  })

  it('saves the stock settings, resets product status, and lists low stock on the dashboard', async () => {
    const who = await merchant(app.server.url, 'settings')
    const main = await seedWarehouse(app.server.url, who, 'Main store')
    const product = await seedProduct(app.server.url, who, { name: { en: 'Sencha' } })
    await seedRestock(app.server.url, who, { warehouse: main._id, product: product._id, quantity: 2 })
    const page = await app.openAs(who, `/${who.shop!._id}/settings/inventory`)
    const shell = new Shell(page)
    const choices = new Choices(page)
    await page.getByTestId('inventory-settings').waitFor()
    expect(await page.getByTestId('field-resetInventoryStatus').isChecked()).toBe(true)
    await page.getByTestId('field-lowStock').check()
    await page.getByTestId('field-lowStockThres').fill('5')
    await choices.lookup('field-posWarehouse', 'Main', 'Main store')
    await page.getByTestId('field-barcodeLayouts-add').click()
    await page.getByTestId('field-barcodeLayouts-0-prefix').fill('21')
    await page.getByTestId('field-barcodeLayouts-0-itemDigits').fill('5')
    await choices.select('field-barcodeLayouts-0-value', 'Weight')
    await page.getByTestId('field-barcodeLayouts-0-valueDigits').fill('5')
    await page.getByTestId('inventory-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    const shop = await readRecord<Record<string, unknown>>(app.server.url, who, 'shops', who.shop!._id)
    expect(shop).toMatchObject({
      lowStock: true,
      lowStockThres: 5,
      posWarehouse: main._id,
      barcodeLayouts: [{ prefix: '21', itemDigits: 5, value: 'weight', valueDigits: 5 }]
    })

    await page.getByTestId('inventory-reset-status').click()
    await page.getByTestId('inventory-reset-dialog').getByTestId('confirm-ok').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Product status reset')

    // The dashboard's low-stock panel lists what is at or below the threshold, linked to the product.
    await page.goto(app.url(`/${who.shop!._id}/dashboard`))
    const row = page.getByTestId('low-stock-row')
    await expect.poll(() => row.count(), poll).toBe(1)
    expect(await row.getByTestId('low-stock-link').textContent()).toBe('Sencha')
    expect(await row.getByTestId('low-stock-quantity').textContent()).toBe('2')
    // The panel follows stock changes made elsewhere without a reload: up to the threshold it stays…
    await seedRestock(app.server.url, who, { warehouse: main._id, product: product._id, quantity: 3 })
    await expect.poll(() => row.getByTestId('low-stock-quantity').textContent(), poll).toBe('5')
    // …above it, it leaves the list; back at or below, it returns.
    await seedRestock(app.server.url, who, { warehouse: main._id, product: product._id, quantity: 1 })
    await expect.poll(() => row.count(), poll).toBe(0)
    await page.getByTestId('panel-lowStock-empty').waitFor()
    await seedOperation(app.server.url, who, { mode: 'export', warehouse: main._id, product: product._id, delta: 4 })
    await expect.poll(() => row.getByTestId('low-stock-quantity').textContent(), poll).toBe('2')
    await row.getByTestId('low-stock-link').click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${who.shop!._id}/products/edit/${product._id}`)
  })

  it('lists inventory lots once the shop uses them; only expiry and supplier change', async () => {
    const who = await merchant(app.server.url, 'lots')
    const main = await seedWarehouse(app.server.url, who, 'Main store')
    const product = await seedProduct(app.server.url, who, { name: { en: 'Genmaicha' } })
    const page = await app.openAs(who, `/${who.shop!._id}/settings/inventory`)
    const shell = new Shell(page)
    await page.getByTestId('field-useInventoryLot').check()
    await page.getByTestId('inventory-settings-save').click()
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('Save Success!')
    // The drawer offers lots as soon as the shop uses them.
    await shell.menu('warehouses').click()
    await expect.poll(() => shell.menuKeys(), poll).toContain('warehouses/inventoryLots')
    await seedRestock(app.server.url, who, { warehouse: main._id, product: product._id, quantity: 7 })

    await shell.menu('warehouses/inventoryLots').click()
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    await expect.poll(() => table.cellTexts('quantity'), poll).toEqual(['7'])
    expect(await table.cellTexts('status')).toEqual(['Active'])
    await expect.poll(() => table.cellTexts('product'), poll).toEqual(['Genmaicha'])
    expect(await table.addButton().count()).toBe(0)
    expect(await table.row(0).getByTestId('row-delete').count()).toBe(0)
    await table.editRow(0)
    await editor.fill('expiryDate', '2027-06-30')
    await editor.fill('supplier', 'Kyoto Tea')
    await editor.save()
    await expect.poll(() => table.cellTexts('supplier'), poll).toEqual(['Kyoto Tea'])
    expect(await table.cellTexts('expiryDate')).toEqual(['Jun 30, 2027'])
  })

  it('separates boxes into units, saying how many units the boxes give, in one step for both products', async () => {
    const who = await merchant(app.server.url, 'separate')
    const main = await seedWarehouse(app.server.url, who, 'Main store')
    const unit = await seedProduct(app.server.url, who, { name: { en: 'Tea bag' } })
    const box = await seedProduct(app.server.url, who, {
      name: { en: 'Tea bags, box of 12' },
      separateProducts: [{ product: unit._id }],
      separateRatio: 12
    })
    await seedRestock(app.server.url, who, { warehouse: main._id, product: box._id, quantity: 3 })
    const { page, stock } = await openEditor(who, box._id)
    await expect.poll(() => stock.quantity(''), poll).toBe(3)

    await stock.row('').getByTestId('product-stock-operate').click()
    await stock.dialog().waitFor()
    await stock.choices.select('stock-op-mode', 'Separate')
    await stock.choices.lookup('stock-op-warehouse', 'Main store')
    await page.getByTestId('stock-op-delta').fill('2')
    await expect.poll(() => page.getByTestId('stock-op-convert').textContent(), poll).toBe('Convert To 24 Unit')
    await page.getByTestId('stock-operation-submit').click()
    await expect.poll(() => stock.dialog().count(), poll).toBe(0)

    await expect.poll(() => stock.quantity(''), poll).toBe(1)
    const units = await readRecord<{ cachedInventory: number }>(app.server.url, who, 'products', unit._id)
    expect(units.cachedInventory).toBe(24)
  })

  it('transfers stock to the linked product of another of the merchant’s shops, both shops in one step', async () => {
    const who = await merchant(app.server.url, 'cross')
    const second = await createShop(app.server.url, who.session, 'Kowloon branch', uniqueSubdomain('kowloon'))
    const there: Merchant = { ...who, shop: second }
    const main = await seedWarehouse(app.server.url, who, 'Main store')
    const kowloon = await seedWarehouse(app.server.url, there, 'Kowloon store')
    const target = await seedProduct(app.server.url, there, { name: { en: 'Oolong tea (Kowloon)' } })
    const product = await seedProduct(app.server.url, who, {
      name: { en: 'Oolong tea' },
      productLinks: [{ shop: second._id, product: target._id, crossWarehouse: kowloon._id }]
    })
    await seedRestock(app.server.url, who, { warehouse: main._id, product: product._id, quantity: 10 })
    const { page, stock } = await openEditor(who, product._id)
    await expect.poll(() => stock.quantity(''), poll).toBe(10)

    await stock.row('').getByTestId('product-stock-operate').click()
    await stock.dialog().waitFor()
    await stock.choices.select('stock-op-mode', 'Transfer to another shop')
    await stock.choices.lookup('stock-op-warehouse', 'Main store')
    await page.getByTestId('stock-op-delta').fill('4')
    await stock.choices.select('stock-op-toShop', 'Kowloon branch')
    await page.getByTestId('stock-operation-submit').click()
    await expect.poll(() => stock.dialog().count(), poll).toBe(0)

    await expect.poll(() => stock.quantity(''), poll).toBe(6)
    const arrived = await readRecord<{ cachedInventory: number }>(app.server.url, there, 'products', target._id)
    expect(arrived.cachedInventory).toBe(4)
  })

  it('starts a shop with its main warehouse, and keeps one that holds stock, saying why in the user’s language', async () => {
    const who = await merchant(app.server.url, 'removal')
    const page = await app.openAs(who, `/${who.shop!._id}/warehouses`, { lang: 'cht' })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['總倉'])

    const branch = await seedWarehouse(app.server.url, who, 'Branch')
    const product = await seedProduct(app.server.url, who, { name: { en: 'Pu-erh' } })
    await seedRestock(app.server.url, who, { warehouse: branch._id, product: product._id, quantity: 10 })
    await expect.poll(() => table.rows().count(), poll).toBe(2)
    const index = (await table.cellTexts('name')).indexOf('Branch')
    await table.deleteRow(index)
    await expect.poll(() => shell.text(shell.errorSnackbar()), poll).toContain('此倉庫仍有 10 件庫存，請先轉移或取走')
    expect(await shell.successSnackbar().count()).toBe(0)
    await page.reload()
    await expect.poll(() => table.rows().count(), poll).toBe(2)
    expect((await readRecord<{ cachedInventory: number }>(app.server.url, who, 'products', product._id)).cachedInventory).toBe(10)

    // Once its stock has moved to the main warehouse, it goes.
    const [main] = (await table.rows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')))).filter(
      (id) => id !== branch._id
    )
    await createRecord(app.server.url, who, 'inventoryOperations', {
      mode: 'transfer',
      warehouse: branch._id,
      product: product._id,
      delta: 10,
      toWarehouse: main
    })
    await table.deleteRow((await table.cellTexts('name')).indexOf('Branch'))
    await expect.poll(() => shell.text(shell.successSnackbar()), poll).toContain('刪除成功')
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['總倉'])
    expect((await readRecord<{ cachedInventory: number }>(app.server.url, who, 'products', product._id)).cachedInventory).toBe(10)
  })

  it('refuses part of a whole unit in the stock dialog and in the restock form, rounding nothing', async () => {
    const { who, main, product } = await stockedShop('whole')
    await seedRestock(app.server.url, who, { warehouse: main._id, product: product._id, sku: 'small', quantity: 3 })
    const { page, stock } = await openEditor(who, product._id)
    await expect.poll(() => stock.quantity('small'), poll).toBe(3)
    await stock.operate('small', { mode: 'Restock', warehouse: 'Main store', delta: '2.5' })
    const deltaError = page
      .getByTestId('stock-op-delta')
      .locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]//p[contains(@class,"MuiFormHelperText-root")]')
    await expect.poll(() => deltaError.textContent(), poll).toBe('Must be a whole number')
    expect(await stock.dialog().count()).toBe(1)
    await page.getByTestId('stock-operation-cancel').click()
    expect(await stock.quantity('small')).toBe(3)

    // The restock form does not know the product's units: the server refuses, under the field.
    await page.goto(app.url(`/${who.shop!._id}/warehouses/inventories`))
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    const choices = new Choices(page)
    await expect.poll(() => table.rows().count(), poll).toBe(1)
    await table.add()
    await choices.lookup('field-warehouse', 'Main store')
    await choices.lookup('field-product', 'Oolong', 'Oolong tea')
    await choices.select('field-sku', 'Small tin')
    await editor.fill('quantity', '2.5')
    await editor.save()
    await expect.poll(() => editor.errorOf('quantity'), poll).toBe('Must be a whole number')
    expect(await shell.successSnackbar().count()).toBe(0)
    expect((await readRecord<{ cachedInventory: number }>(app.server.url, who, 'products', product._id)).cachedInventory).toBe(3)
  })
})
