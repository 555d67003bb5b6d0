import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createMany, createRecord } from '../support/records'

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
})
