import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { expectNoLatinWords } from '../support/latin-words'
import { createRecord, findRecords, getRecord } from '../support/records'
import { DataTablePage } from '../pages/data-table'
import { ImportScreen } from '../pages/imports'
import { csvRows, csvText } from '../support/csv'

const TEAS = [
  { name: { cht: '烏龍茶', en: 'Oolong' }, price: 1234 },
  { name: { cht: '普洱茶', en: 'Pu-erh' }, price: 2345 },
  { name: { cht: '龍井茶', en: 'Longjing' }, price: 3456 }
]
const NEW_PRICES = ['15.60', '26.70', '37.80']

describe('import screen (spec §2.14, cht at desktop width)', () => {
  const app = useApp()

  it("imports the list's own export with prices changed: 0 new, 3 modified, the diff of prices, then the prices in the list", async () => {
    const who = await merchant(app.server.url, 'imports')
    const made = []
    for (const tea of TEAS) made.push(await createRecord(app.server.url, who, 'products', tea))
    const page = await app.openAs(who, `/${who.shop!._id}/products`, { lang: 'cht', viewport: { width: 1280, height: 900 } })
    const table = new DataTablePage(page)
    await expect.poll(() => table.rows().count(), poll).toBe(3)

    // Export "All fields" as CSV through the list's own export.
    await page.getByTestId('table-export').click()
    await page.getByTestId('export-csv').click()
    await page.getByTestId('export-all').click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-start').click()])
    const rows = csvRows(await readFile((await download.path())!, 'utf8'))
    const price = rows[0].indexOf('價格')
    expect(price, rows[0].join(' | ')).toBeGreaterThan(-1)
    const edited = rows.map((row, index) => {
      if (index === 0) return row
      const at = TEAS.findIndex((tea) => row.includes(tea.name.cht))
      return row.map((cell, column) => (column === price ? NEW_PRICES[at] : cell))
    })

    const screen = new ImportScreen(page)
    await screen.open()
    // Anything but a CSV or XLSX is refused before it is sent.
    await screen.pick('相片.png', 'not a sheet', 'image/png')
    await expect.poll(() => screen.refused().textContent(), poll).toContain('相片.png')

    await screen.pick('產品.csv', csvText(edited))
    await expect.poll(() => screen.summary().textContent(), poll).toBe('新增 0 筆、修改 3 筆、不變 0 筆、錯誤 0 筆')
    const changes = await screen.changes()
    expect(changes).toHaveLength(3)
    expect(changes.map(([column]) => column)).toEqual(['價格', '價格', '價格'])
    expect(changes.map(([, from, to]) => `${from} → ${to}`).sort()).toEqual([
      '$12.34 → $15.60',
      '$23.45 → $26.70',
      '$34.56 → $37.80'
    ])
    // The records by their names, once the list has given them.
    await expect.poll(async () => (await screen.diffRecords()).sort(), poll).toEqual(TEAS.map((tea) => tea.name.cht).sort())
    await expectNoLatinWords(page, {
      where: 'the import preview',
      allow: ['imports shop', '產品.csv', ...TEAS.map((tea) => tea.name.en)]
    })

    await screen.startImport()
    await expect.poll(() => screen.status(), poll).toBe('done')
    await expect.poll(() => screen.summary().textContent(), poll).toBe('新增 0 筆、修改 3 筆、不變 0 筆、錯誤 0 筆')
    await screen.backToList()
    await expect.poll(() => screen.dialog().count(), poll).toBe(0)
    await expect.poll(async () => (await table.cellTexts('price')).sort(), poll).toEqual(['$15.60', '$26.70', '$37.80'])
    expect((await getRecord<{ price: number }>(app.server.url, who, 'products', made[0]._id)).price).toBe(1560)
  })

  it('opens from Settings → Imports and downloads the error sheet of a file with 3 bad rows: those rows and a reason in Chinese', async () => {
    const who = await merchant(app.server.url, 'imports-errors')
    await createRecord(app.server.url, who, 'products', TEAS[0])
    // "Import a file" at Settings → Imports opens the products list with its import screen.
    const page = await app.openAs(who, `/${who.shop!._id}/settings/imports`, {
      lang: 'cht',
      viewport: { width: 1280, height: 900 },
      // The refused upload below answers 400, which the browser logs.
      allowErrors: [/status of 400/]
    })
    const screen = new ImportScreen(page)
    await screen.openFromSettings('products')
    await expect.poll(() => screen.dialog().count(), poll).toBe(1)
    expect(new URL(page.url()).pathname).toBe(`/${who.shop!._id}/products`)

    // A file named as a spreadsheet that is not one: the server's refusal, in the merchant's language.
    await screen.pick('壞檔.xlsx', 'not a zip at all', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    await expect.poll(() => screen.error().textContent(), poll).toBe('檔案不是 CSV 或 XLSX 試算表')

    const sheet = csvText([
      ['名稱 (繁體中文)', '價格'],
      ['白茶', '12.00'],
      ['紅茶', '不是數字'],
      ['綠茶', 'abc'],
      ['黑茶', '十元']
    ])
    await screen.pick('茶.csv', sheet)
    await expect.poll(() => screen.summary().textContent(), poll).toBe('新增 1 筆、修改 0 筆、不變 0 筆、錯誤 3 筆')
    await expect.poll(() => screen.errorRows().count(), poll).toBe(3)
    for (const reason of await screen.errorReasons()) expect(reason).toMatch(/[\u4e00-\u9fff]/)
    await expectNoLatinWords(page, { where: 'the import preview with errors', allow: ['imports-errors shop', '茶.csv', 'abc'] })

    const download = await screen.downloadErrors('csv')
    const rows = csvRows(await readFile((await download.path())!, 'utf8')).filter((row) => row.some(Boolean))
    expect(rows).toHaveLength(4)
    expect(rows.slice(1).map((row) => row[0])).toEqual(['紅茶', '綠茶', '黑茶'])
    // The reason column, in the merchant's language.
    for (const row of rows.slice(1)) expect(row.at(-1)).toMatch(/[\u4e00-\u9fff]/)
  })

  it("asks twice before a template's clearPrevious removes the records the file does not name, naming how many", async () => {
    const who = await merchant(app.server.url, 'imports-clear')
    const kept = await createRecord(app.server.url, who, 'products', TEAS[0])
    await createRecord(app.server.url, who, 'products', TEAS[1])
    await createRecord(app.server.url, who, 'products', TEAS[2])
    await createRecord(app.server.url, who, 'importTemplates', {
      name: { cht: '整份價目表' },
      targetRoute: 'products',
      headerRow: 1,
      dataStartRow: 2,
      mappings: [],
      clearPrevious: true
    })
    const page = await app.openAs(who, `/${who.shop!._id}/products`, { lang: 'cht', viewport: { width: 1280, height: 900 } })
    const table = new DataTablePage(page)
    await expect.poll(() => table.rows().count(), poll).toBe(3)
    const screen = new ImportScreen(page)
    await screen.open()
    await screen.chooseTemplate('整份價目表')
    await screen.pick(
      '價目表.csv',
      csvText([
        ['編號', '價格'],
        [kept._id, '99.00']
      ])
    )
    await expect.poll(() => screen.summary().textContent(), poll).toBe('新增 0 筆、修改 1 筆、不變 0 筆、錯誤 0 筆 · 移除 2 筆')

    await screen.startImport()
    expect(await screen.confirm('import-clear-first')).toContain('2 筆')
    expect(await screen.confirm('import-clear-second')).toContain('2 筆')
    await expect.poll(() => screen.status(), poll).toBe('done')
    await screen.backToList()
    await expect.poll(() => table.cellTexts('price'), poll).toEqual(['$99.00'])
  })

  it('moves a demo catalogue of 37 products into a new shop, then its sheet with every price changed: 0 new, 37 modified, and an error sheet of 3 bad rows', async () => {
    // The demo shop: 37 products, two of them with two SKUs each (a product's SKUs are rows of their own).
    const demo = await merchant(app.server.url, 'imports-demo')
    const catalogue = Array.from({ length: 37 }, (_, i) => ({
      name: { cht: `示範茶 ${i + 1}`, en: `Demo tea ${i + 1}` },
      price: 1000 + i,
      ...(i < 2
        ? {
            skus: [
              { id: `S${i}`, name: { cht: '小包', en: 'Small' }, price: 900 + i },
              { id: `L${i}`, name: { cht: '大包', en: 'Large' }, price: 1900 + i }
            ]
          }
        : {})
    }))
    for (const product of catalogue) await createRecord(app.server.url, demo, 'products', product)
    const demoPage = await app.openAs(demo, `/${demo.shop!._id}/products`, {
      lang: 'cht',
      viewport: { width: 1280, height: 900 }
    })
    await expect.poll(() => new DataTablePage(demoPage).rows().count(), poll).toBeGreaterThan(0)
    await demoPage.getByTestId('table-export').click()
    await demoPage.getByTestId('export-csv').click()
    await demoPage.getByTestId('export-all').click()
    const [download] = await Promise.all([demoPage.waitForEvent('download'), demoPage.getByTestId('export-start').click()])
    const exported = csvRows(await readFile((await download.path())!, 'utf8')).filter((row) => row.some(Boolean))
    expect(exported).toHaveLength(1 + 35 + 4)
    await demoPage.close()

    // A new shop imports the export: 37 new products (the two with SKUs from two rows each).
    const newcomer = await merchant(app.server.url, 'imports-newcomer')
    const page = await app.openAs(newcomer, `/${newcomer.shop!._id}/products`, {
      lang: 'cht',
      viewport: { width: 1280, height: 900 },
      allowErrors: [/status of 400/]
    })
    const screen = new ImportScreen(page)
    await screen.open()
    await screen.pick('示範目錄.csv', csvText(exported))
    await expect.poll(() => screen.summary().textContent(), poll).toBe('新增 37 筆、修改 0 筆、不變 0 筆、錯誤 0 筆')
    await screen.startImport()
    await expect.poll(() => screen.status(), poll).toBe('done')
    const products = async () =>
      (await findRecords<{ price: number; skus?: unknown[] }>(app.server.url, newcomer, 'products', '$limit=100')).data
    await expect.poll(async () => (await products()).length, poll).toBe(37)
    expect((await products()).filter((product) => product.skus?.length === 2)).toHaveLength(2)
    await screen.backToList()

    // The same sheet with every price a dollar dearer, and three new rows whose price is no number.
    const [titles] = exported
    const price = titles.indexOf('價格')
    const name = titles.indexOf('名稱 (繁體中文)')
    expect(
      [price, name].every((at) => at > -1),
      titles.join(' | ')
    ).toBe(true)
    const dearer = exported.map((row, index) =>
      index === 0 ? row : row.map((cell, column) => (column === price ? (Number(cell) + 1).toFixed(2) : cell))
    )
    const bad = ['壞茶甲', '壞茶乙', '壞茶丙'].map((tea) =>
      titles.map((_, column) => (column === name ? tea : column === price ? '十元' : ''))
    )
    await screen.open()
    await screen.pick('示範目錄（新價）.csv', csvText([...dearer, ...bad]))
    await expect.poll(() => screen.summary().textContent(), poll).toBe('新增 0 筆、修改 37 筆、不變 0 筆、錯誤 3 筆')
    await expectNoLatinWords(page, {
      where: 'the preview of a moved catalogue',
      allow: ['imports-newcomer shop', '示範目錄（新價）.csv', ...catalogue.map((product) => product.name.en)]
    })
    const errors = await screen.downloadErrors('csv')
    const errorRows = csvRows(await readFile((await errors.path())!, 'utf8')).filter((row) => row.some(Boolean))
    expect(errorRows.slice(1).map((row) => row[name])).toEqual(['壞茶甲', '壞茶乙', '壞茶丙'])
    for (const row of errorRows.slice(1)) expect(row.at(-1)).toMatch(/[\u4e00-\u9fff]/)

    await screen.startImport()
    await expect.poll(() => screen.status(), poll).toBe('done')
    await expect
      .poll(async () => (await products()).map((product) => product.price).sort((x, y) => x - y), poll)
      .toEqual(catalogue.map((product) => product.price + 100).sort((x, y) => x - y))
  })
})
