import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { countRecords, createRecord, removeAll, seedRecords } from '../support/records'

const pad = (n: number) => String(n).padStart(2, '0')

describe('data table behaviour (spec §2.12, §4.10, §9.4)', () => {
  const app = useApp()
  let owner: Merchant
  const seeded = async () => {
    if (owner) return owner
    owner = await merchant(app.server.url, 'table')
    // Only the rows seeded here: not the main warehouse a new shop starts with (decision 0070).
    await removeAll(app.server.url, owner, 'warehouses')
    await seedRecords(app.server.url, owner, 'warehouses', 25, (i) => ({ name: `W${pad(i + 1)}` }))
    return owner
  }
  const urlState = (url: string) => JSON.parse(new URL(url).searchParams.get('warehouses') ?? '{}') as Record<string, unknown>

  it('pages, sorts (back to page 1), keeps its state in the URL and survives a reload', async () => {
    const who = await seeded()
    const page = await app.openAs(who, `/${who.shop!._id}/warehouses`)
    const table = new DataTablePage(page)
    await expect.poll(() => table.pageText().textContent(), poll).toBe('1-10/25')
    expect(await table.rows().count()).toBe(10)
    expect(await page.locator('[data-testid^="table-page-"]:not([data-testid="table-page-text"])').count()).toBe(3)

    await table.goToPage(2)
    await expect.poll(() => table.pageText().textContent(), poll).toBe('11-20/25')
    expect(urlState(page.url()).page).toBe(2)

    // Short press: ascending, and back to page 1.
    await table.sortBy('name')
    await expect.poll(() => table.pageText().textContent(), poll).toBe('1-10/25')
    await expect.poll(async () => (await table.cellTexts('name'))[0], poll).toBe('W01')
    expect(await table.header('name').getAttribute('data-sort')).toBe('asc')
    await table.sortBy('name')
    await expect.poll(async () => (await table.cellTexts('name'))[0], poll).toBe('W25')
    expect(urlState(page.url())).toMatchObject({ sortBy: ['name'], sortDesc: [true] })

    await table.rowsPerPage(5)
    await expect.poll(() => table.pageText().textContent(), poll).toBe('1-5/25')
    await table.goToPage(3)
    await expect.poll(() => table.pageText().textContent(), poll).toBe('11-15/25')

    await page.reload()
    await expect.poll(() => table.pageText().textContent(), poll).toBe('11-15/25')
    await expect.poll(async () => (await table.cellTexts('name'))[0], poll).toBe('W15')

    // Third short press: unsorted again.
    await table.sortBy('name')
    await expect.poll(() => table.header('name').getAttribute('data-sort'), poll).toBe('none')
    // Long press multi-sorts: name then createdAt.
    await table.longPress(table.header('name'))
    await table.longPress(table.header('createdAt'))
    await expect.poll(() => urlState(page.url()).sortBy, poll).toEqual(['name', 'createdAt'])
    await table.longPress(table.header('name'))
    await expect.poll(() => urlState(page.url()).sortDesc, poll).toEqual([true, false])

    await table.rowsPerPage('all')
    await expect.poll(() => table.pageText().textContent(), poll).toBe('1-25/25')
    // Every record on the one page selected: the fifth state, "all".
    await table.selectAll().check()
    await expect.poll(() => table.selection(), poll).toBe('all')
    await table.selectAll().click()
    await expect.poll(() => table.selection(), poll).toBe('none')
  })

  it('selects with the five states, long-press toggles, duplicates and batch-deletes', async () => {
    const who = await seeded()
    const total = await countRecords(app.server.url, who, 'warehouses')
    const page = await app.openAs(
      who,
      `/${who.shop!._id}/warehouses?warehouses=${encodeURIComponent('{"sortBy":["name"],"sortDesc":[false]}')}`
    )
    const table = new DataTablePage(page)
    const shell = new Shell(page)
    await expect.poll(() => table.rows().count(), poll).toBe(10)
    expect(await table.selection()).toBe('none')

    await table.selectAll().check()
    await expect.poll(() => table.selection(), poll).toBe('pageAll')
    await table.toggleRow(0)
    await expect.poll(() => table.selection(), poll).toBe('pageSome')
    // Select-all from pageSome adds the page's items.
    await table.selectAll().click()
    await expect.poll(() => table.selection(), poll).toBe('pageAll')
    // …and from pageAll removes them.
    await table.selectAll().click()
    await expect.poll(() => table.selection(), poll).toBe('none')

    await table.longPressRow(0)
    await expect.poll(() => table.selection(), poll).toBe('pageSome')
    await table.goToPage(2)
    await expect.poll(() => table.selection(), poll).toBe('some')
    await table.goToPage(1)
    await table.longPressRow(1)
    await expect.poll(() => shell.text(table.selectedCount()), poll).toBe('2 selected')

    await page.getByTestId('table-duplicate').click()
    await expect.poll(() => countRecords(app.server.url, who, 'warehouses'), poll).toBe(total + 2)
    await expect.poll(() => table.selection(), poll).toBe('none')

    await table.selectAll().check()
    await table.batchDelete()
    await expect.poll(() => countRecords(app.server.url, who, 'warehouses'), poll).toBe(total + 2 - 10)
    await expect.poll(() => table.pageText().textContent(), poll).toBe(`1-10/${total - 8}`)
  })

  it('searches by name (escaped) as the merchant types, says "No results", and opens editor={id} on load', async () => {
    const who = await seeded()
    const record = await createRecord(app.server.url, who, 'warehouses', { name: 'Depot (North)*' })
    const page = await app.openAs(who, `/${who.shop!._id}/warehouses`)
    const table = new DataTablePage(page)
    await table.pageText().waitFor()
    await table.goToPage(2)
    await table.search('(north)*')
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Depot (North)*'])
    expect(urlState(page.url()).page).toBeUndefined()
    await table.search('nothing like this')
    await expect.poll(() => new Shell(page).text(table.empty()), poll).toBe('No results')
    // Typed without Enter: the list follows once typing pauses.
    await page.getByTestId('table-search-input').fill('')
    await page.getByTestId('table-search-input').pressSequentially('north)')
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['Depot (North)*'])

    const opened = await app.openAs(
      who,
      `/${who.shop!._id}/warehouses?warehouses=${encodeURIComponent(JSON.stringify({ editor: record._id }))}`
    )
    const editor = new EditorPage(opened)
    await expect.poll(() => editor.mode(), poll).toBe('edit')
    await expect.poll(() => editor.translatableValue('name', 'en'), poll).toBe('Depot (North)*')
  })

  it('shows cards on a phone-sized screen', async () => {
    const who = await seeded()
    const page = await app.openAs(who, `/${who.shop!._id}/warehouses`, { viewport: { width: 390, height: 800 } })
    await expect.poll(() => page.getByTestId('table-cards').getByTestId('table-row').count(), poll).toBe(10)
    // Search is a dialog on small screens.
    await page.getByTestId('table-search').click()
    await page.getByTestId('search-name').fill('W0')
    await page.getByTestId('search-apply').click()
    await expect.poll(() => new DataTablePage(page).pageText().textContent(), poll).toMatch(/^1-\d+\/\d+$/)
  })
})
