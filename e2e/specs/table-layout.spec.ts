import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct, seedWarehouse } from '../support/catalogue'
import { createRecord } from '../support/records'

// Written beside the other reviewers' pictures (screenshots.spec.ts).
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/screenshots')

type Lang = 'en' | 'cht' | 'chs'
const DESKTOP = { width: 1440, height: 900 }

const LONG_NAME = {
  en: 'Premium aged Yunnan Pu-erh tea cake, 357 g, spring harvest 2019 from the Menghai tea garden, bamboo wrapped',
  cht: '雲南勐海二〇一九年春茶特級熟普洱茶餅三百五十七克竹殼包裝禮盒裝（附收藏證書及茶刀）',
  chs: '云南勐海二〇一九年春茶特级熟普洱茶饼三百五十七克竹壳包装礼盒装（附收藏证书及茶刀）'
}

/** A shop with a realistic catalogue: names in three languages, one far too long for its column. */
const seedShop = async (baseUrl: string, who: Merchant) => {
  const categories = []
  for (const [en, cht] of [
    ['Pu-erh tea', '普洱茶'],
    ['Oolong tea', '烏龍茶'],
    ['Tea ware and accessories for the gongfu ceremony', '功夫茶具及配件（紫砂壺、公道杯、品茗杯）']
  ])
    categories.push(await createRecord(baseUrl, who, 'categories', { name: { en, cht, chs: cht }, order: categories.length }))
  const main = await seedWarehouse(baseUrl, who, 'Main warehouse')
  await createRecord(baseUrl, who, 'warehouses', {
    name: { en: 'Kwun Tong back store, 3/F, Unit B', cht: '觀塘後倉三樓B室', chs: '观塘后仓三楼B室' },
    desc: { en: 'Overflow stock for the Christmas season and the Lunar New Year', cht: '聖誕及農曆新年旺季的後備存貨' }
  })
  const products = [
    await seedProduct(baseUrl, who, { name: LONG_NAME, price: 128800, posCode: 'PU357', category: categories[0]._id }),
    await seedProduct(baseUrl, who, {
      name: { en: 'Tieguanyin', cht: '鐵觀音', chs: '铁观音' },
      price: 32000,
      posCode: 'TGY',
      category: categories[1]._id,
      status: 'draft'
    }),
    await seedProduct(baseUrl, who, {
      name: { en: 'Yixing clay teapot', cht: '宜興紫砂壺', chs: '宜兴紫砂壶' },
      price: 88000,
      category: categories[2]._id,
      avail: 'eshop'
    })
  ]
  for (const [i, product] of products.entries())
    await createRecord(baseUrl, who, 'inventories', {
      warehouse: main._id,
      product: product._id,
      quantity: 10 + i * 7,
      unitPrice: 4500 + i * 1000,
      supplier: i ? 'Fujian Anxi Tea Co-operative' : '勐海茶廠'
    })
}

/** Every header cell whose text takes more than one line: its text, height and line height. */
const wrappedHeaders = (page: Page) =>
  page.locator('[data-testid="data-table"] thead th').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text = (cell.textContent ?? '').trim()
      if (!text) return []
      const range = document.createRange()
      range.selectNodeContents(cell)
      const height = range.getBoundingClientRect().height
      const line = parseFloat(getComputedStyle(cell).lineHeight)
      return height > line * 1.5 ? [{ text, height, line }] : []
    })
  )

/** Body cells whose text wraps onto a second line (a long value must truncate instead). */
const wrappedCells = (page: Page) =>
  page.locator('[data-testid="table-row"] td[data-testid^="cell-"]').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text = (cell.textContent ?? '').trim()
      if (!text) return []
      const range = document.createRange()
      range.selectNodeContents(cell)
      const height = range.getBoundingClientRect().height
      const line = parseFloat(getComputedStyle(cell).lineHeight)
      return height > line * 1.5 ? [{ column: cell.getAttribute('data-testid'), text, height, line }] : []
    })
  )

/** The action column's width against what its widest row of buttons needs (plus the cell's padding). */
const actionColumn = (page: Page) =>
  page.locator('[data-testid="data-table"] table').evaluate((table) => {
    const head = table.querySelector('thead tr')!.lastElementChild as HTMLElement
    const stacks = Array.from(table.querySelectorAll('[data-testid="table-row"] > td:last-child')).map((cell) => {
      const buttons = Array.from(cell.querySelectorAll('button'))
      const style = getComputedStyle(cell)
      const needed = buttons.reduce((sum, button) => sum + button.getBoundingClientRect().width, 0)
      return needed + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight)
    })
    return { width: head.getBoundingClientRect().width, needed: Math.max(0, ...stacks) }
  })

/** Cells cut short by an ellipsis (by as little as a fraction of a pixel), with the hover text that shows them whole. */
const truncatedCells = (page: Page) =>
  page.locator('[data-testid="table-row"] td[data-testid^="cell-"]').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const clipped = [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))].find((node) => {
        if (getComputedStyle(node).textOverflow !== 'ellipsis') return false
        const range = document.createRange()
        range.selectNodeContents(node)
        return range.getBoundingClientRect().width > node.clientWidth + 0.01
      })
      if (!clipped) return []
      const titled = clipped.closest('[title]') ?? clipped.querySelector('[title]')
      return [{ column: cell.getAttribute('data-testid'), text: cell.textContent, title: titled?.getAttribute('title') ?? null }]
    })
  )

/** Each list, its seeded rows, and its lookup columns (their names fill in after the rows; every seeded row has one). */
const screens = [
  { key: 'products', route: 'products', rows: 3, lookups: ['category'] },
  { key: 'inventories', route: 'warehouses/inventories', rows: 3, lookups: ['warehouse', 'product'] },
  { key: 'categories', route: 'eshop/categories', rows: 3, lookups: [] },
  { key: 'warehouses', route: 'warehouses', rows: 2, lookups: [] }
]

describe('tables at 1440 px in every language', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => {
    if (owner) return owner
    owner = await merchant(app.server.url, 'layout')
    await seedShop(app.server.url, owner)
    return owner
  }

  it.each(['cht', 'chs', 'en'] as Lang[])(
    'headers stay on one line, long values truncate with their full text on hover, actions fit their buttons (%s)',
    async (lang) => {
      mkdirSync(out, { recursive: true })
      const who = await ownerOnce()
      const page = await app.openAs(who, '/dashboard', { lang, viewport: DESKTOP })
      const table = new DataTablePage(page)
      for (const screen of screens) {
        await page.goto(app.url(`/${who.shop!._id}/${screen.route}`))
        await expect.poll(() => table.rows().count(), { ...poll, message: screen.route }).toBeGreaterThanOrEqual(screen.rows)
        await expect.poll(() => table.idle(), poll).toBe(true)
        // Lookup columns (category, warehouse, product) fill in after the rows.
        for (const field of screen.lookups)
          await expect
            .poll(async () => (await table.cellTexts(field)).every((text) => text.trim() !== ''), {
              ...poll,
              message: `${screen.route}: ${field}`
            })
            .toBe(true)
        await page.screenshot({ path: path.join(out, `table-${screen.key}-${lang}.png`) })

        expect(await wrappedHeaders(page), `${screen.route}: headers`).toEqual([])
        expect(await wrappedCells(page), `${screen.route}: cells`).toEqual([])
        const actions = await actionColumn(page)
        expect(actions.width, `${screen.route}: action column ${JSON.stringify(actions)}`).toBeLessThanOrEqual(actions.needed + 2)
        // The table fits the page: no sideways scrolling at desktop width.
        // A value cut short always has its full text on hover.
        for (const cell of await truncatedCells(page))
          expect(cell.title, `${screen.route}: ${JSON.stringify(cell)}`).toBe(cell.text)
        const overflow = await page
          .locator('[data-testid="data-table"] .MuiTableContainer-root')
          .evaluate((node) => node.scrollWidth - node.clientWidth)
        expect(overflow, `${screen.route}: horizontal overflow`).toBeLessThanOrEqual(0)
      }

      // The long product name is cut with an ellipsis and shown whole on hover.
      await page.goto(app.url(`/${who.shop!._id}/products`))
      await expect.poll(() => table.rows().count(), poll).toBe(3)
      const truncated = await truncatedCells(page)
      expect(truncated.find((cell) => cell.column === 'cell-name')?.title, JSON.stringify(truncated)).toBe(LONG_NAME[lang])
    }
  )
})
