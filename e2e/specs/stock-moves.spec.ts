import { describe, expect, it } from 'vitest'
import { Choices } from '../pages/products'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { readRecord, seedProduct, seedRestock, seedWarehouse } from '../support/catalogue'
import { findRecords } from '../support/records'

type Stocked = { cachedInventory: number }

/**
 * Stock moves (decision 0156), in cht as a Hong Kong shop owner works: a delivery of several products
 * and SKUs restocked in one go from the inventory entries' toolbar, then a move to the shop floor that
 * asks for more than the store room holds — refused on its line, nothing moved — and sent again.
 */
describe('stock moves: many lines at once', () => {
  const app = useApp()

  it('restocks several products and SKUs in one step, and refuses a short transfer on its line without moving anything', async () => {
    const url = app.server.url
    const who = await merchant(url, 'stock-moves')
    const room = await seedWarehouse(url, who, 'Store room')
    const floor = await seedWarehouse(url, who, 'Shop floor')
    const tea = await seedProduct(url, who, { name: { en: 'Jasmine tea', cht: '茉莉花茶' } })
    const shirt = await seedProduct(url, who, {
      name: { en: 'Tea towel', cht: '茶巾' },
      skus: [
        { id: 'red', name: { en: 'Red', cht: '紅色' } },
        { id: 'blue', name: { en: 'Blue', cht: '藍色' } }
      ]
    })
    await seedRestock(url, who, { warehouse: room._id, product: tea._id, quantity: 1 })

    const page = await app.openAs(who, `/${who.shop!._id}/warehouses/inventories`, { lang: 'cht' })
    await page.getByTestId('table-link-stock-moves').click()
    await page.getByTestId('stock-moves-page').waitFor()
    const choices = new Choices(page)
    await choices.lookup('stock-lines-warehouse', 'Store room')
    // A delivery: 12 teas and 5 towels of each colour.
    for (const [name, quantity, sku] of [
      ['茉莉', '12', undefined],
      ['茶巾', '5', '紅色'],
      ['茶巾', '5', '藍色']
    ] as const) {
      const line = await page.locator('[data-testid^="stock-line-"][data-testid$="-quantity"]').count()
      await choices.lookup('stock-lines-add', name, new RegExp(name))
      await page.getByTestId(`stock-line-${line}-quantity`).waitFor()
      if (sku) await choices.select(`stock-line-${line}-sku`, sku)
      await page.getByTestId(`stock-line-${line}-quantity`).fill(quantity)
    }
    // A part of a whole unit is refused on its line, before anything is sent.
    await page.getByTestId('stock-line-0-quantity').fill('1.5')
    await page.getByTestId('stock-lines-submit').click()
    await expect.poll(() => page.getByTestId('stock-line-0').textContent(), poll).toContain('只可輸入整數')
    expect(await page.getByTestId('stock-lines-confirm').count()).toBe(0)
    await page.getByTestId('stock-line-0-quantity').fill('12')
    await page.getByTestId('stock-lines-submit').click()
    await page.getByTestId('stock-lines-confirm').getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByTestId('stock-lines-empty').count(), poll).toBe(1)
    expect((await readRecord<Stocked>(url, who, 'products', tea._id)).cachedInventory).toBe(13)
    expect((await readRecord<Stocked>(url, who, 'products', shirt._id)).cachedInventory).toBe(10)

    // To the shop floor: 20 teas where 13 are held — refused on the tea's line, the towels not moved either.
    await choices.select('stock-lines-mode', '轉倉')
    await choices.lookup('stock-lines-toWarehouse', 'Shop floor')
    await choices.lookup('stock-lines-add', '茶巾', /茶巾/)
    await page.getByTestId('stock-line-0-quantity').waitFor()
    await choices.select('stock-line-0-sku', '紅色')
    await page.getByTestId('stock-line-0-quantity').fill('2')
    await choices.lookup('stock-lines-add', '茉莉', /茉莉/)
    await page.getByTestId('stock-line-1-quantity').fill('20')
    await page.getByTestId('stock-lines-submit').click()
    await page.getByTestId('stock-lines-confirm').getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByTestId('stock-line-1').textContent(), poll).toContain('13')
    const moved = await findRecords(url, who, 'inventoryLogs', `warehouse=${floor._id}`)
    expect(moved.total).toBe(0)

    await page.getByTestId('stock-line-1-quantity').fill('13')
    await page.getByTestId('stock-lines-submit').click()
    await page.getByTestId('stock-lines-confirm').getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByTestId('stock-lines-empty').count(), poll).toBe(1)
    const arrived = await findRecords<{ product: string; delta: number }>(url, who, 'inventoryLogs', `warehouse=${floor._id}`)
    expect(arrived.data.map((row) => [row.product, row.delta]).sort()).toEqual(
      [
        [shirt._id, 2],
        [tea._id, 13]
      ].sort()
    )
  })

  it('counts a warehouse: the system quantity and the difference live, only differences booked, a line that moved refused (decision 0162)', async () => {
    const url = app.server.url
    const who = await merchant(url, 'stock-take')
    const room = await seedWarehouse(url, who, 'Store room')
    const [same, more, less] = await Promise.all(
      [
        ['Oolong', '烏龍茶'],
        ['Pu-erh', '普洱茶'],
        ['Longjing', '龍井茶']
      ].map(([en, cht]) => seedProduct(url, who, { name: { en, cht } }))
    )
    for (const [product, quantity] of [
      [same, 10],
      [more, 4],
      [less, 7]
    ] as const)
      await seedRestock(url, who, { warehouse: room._id, product: product._id, quantity })

    const page = await app.openAs(who, `/${who.shop!._id}/warehouses/stockMoves`, { lang: 'cht' })
    await page.getByTestId('stock-moves-page').waitFor()
    const choices = new Choices(page)
    await choices.lookup('stock-lines-warehouse', 'Store room')
    await choices.select('stock-lines-mode', '盤點')
    for (const [i, [name, counted]] of (
      [
        ['烏龍', '10'],
        ['普洱', '6'],
        ['龍井', '5']
      ] as const
    ).entries()) {
      await choices.lookup('stock-lines-add', name, new RegExp(name))
      await page.getByTestId(`stock-line-${i}-quantity`).fill(counted)
    }
    const cell = (i: number, what: string) => page.getByTestId(`stock-line-${i}-${what}`).textContent()
    await expect.poll(() => cell(0, 'system'), poll).toBe('10')
    await expect.poll(() => cell(1, 'difference'), poll).toBe('+2')
    await expect.poll(() => cell(2, 'difference'), poll).toBe('−2')
    expect(await cell(0, 'difference')).toBe('0')

    // A delivery of 2 oolong arrives after it was counted: the count is refused on its line, nothing booked.
    await seedRestock(url, who, { warehouse: room._id, product: same._id, quantity: 2 })
    await page.getByTestId('stock-lines-submit').click()
    await page.getByTestId('stock-lines-confirm').getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByTestId('stock-line-0').textContent(), poll).toContain('現時為 12')
    await expect.poll(() => cell(0, 'system'), poll).toBe('12')
    expect((await findRecords(url, who, 'inventoryLogs', 'type=stockTake')).total).toBe(0)

    // Counted again: the 12 are on the shelf.
    await page.getByTestId('stock-line-0-quantity').fill('12')
    await expect.poll(() => cell(0, 'difference'), poll).toBe('0')
    await page.getByTestId('stock-lines-submit').click()
    await page.getByTestId('stock-lines-confirm').getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByTestId('stock-lines-empty').count(), poll).toBe(1)
    const booked = await findRecords<{ product: string; delta: number; quantity: number }>(
      url,
      who,
      'inventoryLogs',
      'type=stockTake'
    )
    expect(booked.data.map((row) => [row.product, row.delta, row.quantity]).sort()).toEqual(
      [
        [more._id, 2, 6],
        [less._id, -2, 5]
      ].sort()
    )
    expect((await readRecord<Stocked>(url, who, 'products', same._id)).cachedInventory).toBe(12)
  })
})
