import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { Choices } from '../pages/products'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct, seedRestock, seedWarehouse } from '../support/catalogue'
import { createRecord, findRecords } from '../support/records'

/*
 * Weighed goods read with their unit where the merchant types or reads a quantity (decision 0162): the
 * new-order form's quantity and the inventory log. And a shelf count as a shop owner does it (decision
 * 0173): a whole category loaded into the count at once, and goods scanned (or their code typed) one by
 * one, each scan counting one more.
 */
describe('weighed units and the stock count', () => {
  const app = useApp()

  it('shows a weighed product in 斤 in the inventory log and on the new order form', async () => {
    const url = app.server.url
    const who = await merchant(url, 'units')
    const room = await seedWarehouse(url, who, '後倉')
    const rice = await seedProduct(url, who, {
      name: { cht: '絲苗米' },
      weightType: 'weighted',
      weightUnit: 'hk_catty',
      price: 1200
    })
    const tea = await seedProduct(url, who, { name: { cht: '茉莉花茶' } })
    await seedRestock(url, who, { warehouse: room._id, product: rice._id, quantity: 1.5 })
    await seedRestock(url, who, { warehouse: room._id, product: tea._id, quantity: 3 })

    const page = await app.openAs(who, `/${who.shop!._id}/warehouses/inventoryLogs`, { lang: 'cht' })
    const table = new DataTablePage(page)
    await expect.poll(async () => [...(await table.cellTexts('delta'))].sort(), poll).toEqual(['1.5 斤', '3'])
    expect([...(await table.cellTexts('quantity'))].sort()).toEqual(['1.5 斤', '3'])

    await page.goto(app.url(`/${who.shop!._id}/orders`))
    await table.emptyAction().click()
    await page.getByTestId('new-order-dialog').waitFor()
    await new Choices(page).lookup('new-order-products-0-product', '絲苗', '絲苗米')
    await expect.poll(() => page.getByTestId('new-order-products-0-quantity-unit').textContent(), poll).toBe('斤')
  })

  it("counts a category's products at once and scanned goods one by one", async () => {
    const url = app.server.url
    const who = await merchant(url, 'count')
    const room = await seedWarehouse(url, who, '後倉')
    const oolong = (await createRecord(url, who, 'categories', { name: { cht: '烏龍茶' } }))._id
    const dongding = await seedProduct(url, who, { name: { cht: '凍頂烏龍' }, categories: [oolong], posCode: '480001' })
    await seedProduct(url, who, { name: { cht: '鐵觀音' }, category: oolong, posCode: '480002' })
    await seedProduct(url, who, {
      name: { cht: '茶巾' },
      skus: [
        { id: 'red', name: { cht: '紅色' }, code: 'TOWEL-R' },
        { id: 'blue', name: { cht: '藍色' }, code: 'TOWEL-B' }
      ]
    })
    await seedRestock(url, who, { warehouse: room._id, product: dongding._id, quantity: 5 })

    const page = await app.openAs(who, `/${who.shop!._id}/warehouses/stockMoves`, { lang: 'cht' })
    await page.getByTestId('stock-moves-page').waitFor()
    const choices = new Choices(page)
    await choices.select('stock-lines-mode', '盤點')
    await choices.lookup('stock-lines-warehouse', '後倉')
    // The whole category: both teas, by their main category or their list.
    await choices.lookup('stock-lines-category', '烏龍', '烏龍茶')
    await page.getByTestId('stock-lines-load-category').click()
    const line = (i: number) => page.getByTestId(`stock-line-${i}`)
    await expect.poll(() => page.locator('[data-testid^="stock-line-"][data-testid$="-quantity"]').count(), poll).toBe(2)
    expect(
      [(await line(0).locator('td').first().textContent())!, (await line(1).locator('td').first().textContent())!].sort()
    ).toEqual(['凍頂烏龍', '鐵觀音'].sort())
    await expect.poll(() => page.getByTestId('stock-line-0-system').textContent(), poll).not.toBe('…')

    // Scanned: the tea twice (two on the shelf), a towel by its colour's code; a code nobody has is named.
    const scan = async (code: string) => {
      await page.getByTestId('stock-lines-scan').fill(code)
      await page.getByTestId('stock-lines-scan').press('Enter')
    }
    const quantityOf = (name: string) =>
      page
        .locator('[data-testid^="stock-line-"]')
        .filter({ has: page.locator('td', { hasText: name }) })
        .first()
        .locator('input[data-testid$="-quantity"]')
    const byName = (name: string) => quantityOf(name).inputValue()
    await scan('480002')
    await expect.poll(() => byName('鐵觀音'), poll).toBe('1')
    await scan('480002')
    await expect.poll(() => byName('鐵觀音'), poll).toBe('2')
    await scan('towel-b')
    await expect.poll(() => page.locator('[data-testid^="stock-line-"][data-testid$="-quantity"]').count(), poll).toBe(3)
    expect(await page.getByTestId('stock-line-2-sku').inputValue()).toBe('blue')
    expect(await byName('茶巾')).toBe('1')
    await scan('NOPE-1')
    await expect.poll(() => page.getByText('沒有產品使用條碼 NOPE-1。').count(), poll).toBe(1)

    // The counted teas and towel go in as one count: only differences are booked.
    await quantityOf('凍頂烏龍').fill('5')
    await page.getByTestId('stock-lines-submit').click()
    await page.getByTestId('stock-lines-confirm').getByTestId('confirm-ok').click()
    await expect.poll(async () => (await findRecords(url, who, 'inventoryLogs', 'type=stockTake')).total, poll).toBe(2)
  })
})
