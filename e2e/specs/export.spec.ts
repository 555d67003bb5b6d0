import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord } from '../support/records'

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
})
