import { describe, expect, it } from 'vitest'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { findRecords } from '../support/records'

/** A supplier's sheet no export wrote: its own titles, prices in dollars, a row to leave out, a row the script refuses. */
const SHEET = ['Item,Dollars,Note', 'Green tea,12.50,', 'Oolong,18,', 'Old stock,3,skip', 'Broken,x,'].join('\n')
const SCRIPT = `if (row.Note === 'skip') return null
if (isNaN(Number(row.Dollars))) throw new Error('no price for ' + row.Item)
return { 'name.en': row.Item, price: row.Dollars }`

describe('the developer page importWithScript (spec §2.2, decision 0171)', () => {
  const app = useApp()

  it('is reached from the developer pages, previews a sheet through a script row by row, and saves it as an import template', async () => {
    const who = await merchant(app.server.url, 'script')
    const page = await app.openAs(who, '/emporia/test')
    await page.getByTestId('dev-page-importWithScript').click()
    const script = page.getByTestId('import-script')
    await expect.poll(() => script.count(), poll).toBe(1)
    await script.fill(SCRIPT)
    await page
      .getByTestId('import-script-file')
      .setInputFiles({ name: 'supplier.csv', mimeType: 'text/csv', buffer: Buffer.from(SHEET) })
    await page.getByTestId('import-script-preview').click()

    const rows = page.getByTestId('import-script-row')
    await expect
      .poll(
        () => rows.evaluateAll((found) => found.map((row) => [row.children[0].textContent, row.getAttribute('data-action')])),
        poll
      )
      .toEqual([
        ['2', 'new'],
        ['3', 'new'],
        ['5', 'error']
      ])
    expect(await rows.nth(0).textContent()).toContain('price = 1250')
    expect(await rows.nth(2).textContent()).toContain('The script failed on this row: Error: no price for Broken')

    // The preview ran what is saved: the template is there for Settings → Imports, and nothing was imported.
    const templates = await findRecords<{ name: unknown; script: string }>(app.server.url, who, 'importTemplates')
    expect(templates.data.map((template) => template.script)).toEqual([SCRIPT])
    expect((await findRecords(app.server.url, who, 'products')).total).toBe(0)
  })
})
