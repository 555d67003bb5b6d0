import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createMany, createRecord } from '../support/records'
import { csvRows } from '../support/csv'

describe('export dialog (spec §2.12)', () => {
  const app = useApp()

  it('downloads the current query as CSV with translated headers, neutralising formulas', async () => {
    const who = await merchant(app.server.url, 'export')
    await createRecord(app.server.url, who, 'categories', { name: { en: 'Matcha', cht: '抹茶' }, order: 2 })
    await createRecord(app.server.url, who, 'categories', { name: { en: '=HYPERLINK("x")' }, order: 1 })
    await createRecord(app.server.url, who, 'categories', { name: { en: 'Coffee' }, order: 3 })
    const page = await app.openAs(who, `/${who.shop!._id}/eshop/categories`, { lang: 'cht' })
    await expect.poll(() => page.getByTestId('table-row').count(), poll).toBe(3)
    // A search narrows what is exported: the export sends the list's own query.
    await page.getByTestId('table-search-input').fill('e')
    await page.getByTestId('table-search-input').press('Enter')
    await expect.poll(() => page.getByTestId('table-row').count(), poll).toBe(2)

    await page.getByTestId('table-export').click()
    await page.getByTestId('export-csv').click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-start').click()])
    const text = await readFile((await download.path())!, 'utf8')
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    // Headers in the interface language (cht); image columns are left out.
    expect(lines[0]).toContain('名稱')
    expect(lines[0]).toContain('排序')
    expect(lines).toHaveLength(3)
    expect(text).toContain('Coffee')
    expect(text).not.toContain('Matcha')
    // A text cell starting with "=" must not reach the spreadsheet as a formula.
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m)
    expect(download.suggestedFilename()).toMatch(/\.csv$/)
  })

  it('shows the server’s progress events while a long export runs, and the file has every row', async () => {
    const ROWS = 3_000
    const who = await merchant(app.server.url, 'export-progress')
    await createMany(app.server.url, who, 'categories', ROWS, (i) => ({ name: { en: `Row ${String(i + 1).padStart(4, '0')}` } }))
    const page = await app.openAs(who, `/${who.shop!._id}/eshop/categories`)
    await expect.poll(() => page.getByTestId('table-page-text').textContent(), poll).toBe(`1-10/${ROWS}`)
    await page.getByTestId('table-export').click()
    await page.getByTestId('export-csv').click()

    // Every state of the dialog's progress bar and text, as the page draws them.
    await page.evaluate(() => {
      const seen: { value: string | null; text: string | null }[] = []
      ;(window as unknown as { exportProgress: typeof seen }).exportProgress = seen
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="export-progress"]')
        if (!bar) return
        const value = bar.getAttribute('aria-valuenow')
        const text = document.querySelector('[data-testid="export-progress-text"]')?.textContent ?? null
        const last = seen.at(-1)
        if (!last || last.value !== value || last.text !== text) seen.push({ value, text })
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
    })
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-start').click()])
    const text = await readFile((await download.path())!, 'utf8')
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines).toHaveLength(ROWS + 1)
    const names = new Set(lines.slice(1).map((line) => /Row \d{4}/.exec(line)?.[0]))
    expect(names.size).toBe(ROWS)
    expect(names.has('Row 0001') && names.has(`Row ${ROWS}`)).toBe(true)

    const seen = await page.evaluate(
      () => (window as unknown as { exportProgress: { value: string | null; text: string | null }[] }).exportProgress
    )
    // A determinate value strictly between 0 and 100, with its "{done} of {total} rows" text, before the end.
    const partial = seen.filter(({ value }) => value !== null && Number(value) > 0 && Number(value) < 100)
    expect(partial.length, JSON.stringify(seen)).toBeGreaterThan(0)
    const counts = seen.map(({ text }) => /^(\d+) of (\d+) rows$/.exec(text ?? '')).filter((match) => match !== null)
    expect(counts.some((match) => Number(match[1]) > 0 && Number(match[1]) < ROWS && Number(match[2]) === ROWS)).toBe(true)
    await expect.poll(() => page.getByTestId('export-dialog').count(), poll).toBe(0)
  })

  it('writes names for references, every language and a row per SKU with its cost ("All fields")', async () => {
    const who = await merchant(app.server.url, 'export-all')
    const category = await createRecord(app.server.url, who, 'categories', { name: { en: 'Pu-erh', cht: '普洱' } })
    const brand = await createRecord(app.server.url, who, 'brands', { name: { en: 'Menghai', cht: '勐海' } })
    const tag = await createRecord(app.server.url, who, 'tags', { name: { en: 'Gift', cht: '禮品' } })
    await createRecord(app.server.url, who, 'products', {
      name: { en: 'Tea cake', cht: '茶餅', chs: '茶饼' },
      price: 12800,
      cprice: 6400,
      category: category._id,
      brand: brand._id,
      tags: [tag._id],
      skus: [
        { id: 'small', name: { en: 'Small', cht: '小' }, code: 'S1', price: 6800, cprice: 3000 },
        { id: 'large', name: { en: 'Large', cht: '大' }, code: 'L1', price: 12800, cprice: 6400 }
      ]
    })
    const page = await app.openAs(who, `/${who.shop!._id}/products`, { lang: 'cht' })
    await expect.poll(() => page.getByTestId('table-row').count(), poll).toBe(1)

    // The list's own columns: the main category by its name, never its id (one category model, decision 0151).
    await page.getByTestId('table-export').click()
    await page.getByTestId('export-csv').click()
    const [shown] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-start').click()])
    const list = csvRows(await readFile((await shown.path())!, 'utf8'))
    const categoryAt = list[0].indexOf('主分類')
    expect(categoryAt, list[0].join()).toBeGreaterThanOrEqual(0)
    expect(list[1][categoryAt]).toBe('普洱')
    expect(list.flat().join(' ')).not.toContain(category._id)

    await page.getByTestId('table-export').click()
    await page.getByTestId('export-csv').click()
    await page.getByTestId('export-all').click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-start').click()])
    const text = await readFile((await download.path())!, 'utf8')
    const [headers, ...rows] = csvRows(text)
    const at = (header: string) => {
      expect(headers, header).toContain(header)
      return headers.indexOf(header)
    }
    // One row per SKU, the product's fields on each.
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      expect(row[at('名稱 (English)')]).toBe('Tea cake')
      expect(row[at('名稱 (繁體中文)')]).toBe('茶餅')
      expect(row[at('名稱 (简体中文)')]).toBe('茶饼')
      expect(row[at('成本價')]).toBe('64.00')
      // The main category, and the list of every category it is in (the main one always among them).
      expect(row[at('主分類')]).toBe('普洱')
      expect(row[at('分類')]).toBe('普洱')
      expect(row[at('品牌')]).toBe('勐海')
      expect(row[at('標籤')]).toBe('禮品')
    }
    expect(rows.map((row) => row[at('SKU – SKU 名稱 (繁體中文)')])).toEqual(['小', '大'])
    expect(rows.map((row) => row[at('SKU – SKU 名稱 (简体中文)')])).toEqual(['', ''])
    expect(rows.map((row) => row[at('SKU – SKU 條碼')])).toEqual(['S1', 'L1'])
    expect(rows.map((row) => row[at('SKU – 成本價')])).toEqual(['30.00', '64.00'])
    // References are names: no id of a category, brand or tag anywhere in the file.
    for (const id of [category._id, brand._id, tag._id]) expect(text).not.toContain(id)
  })
})
