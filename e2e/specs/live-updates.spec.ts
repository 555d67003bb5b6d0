import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createMany, createRecord, patchRecord, removeAll, removeRecord, type Stored } from '../support/records'
import { callsTo, recordSocketCalls, type SocketCall } from '../support/socket'

const ROWS = 30

/** The virtual table as a test reads it (apps/web/src/components/data-table/virtual-table.tsx), without waiting. */
const virtual = (page: Page) => {
  const row = (index: number, read: 'name' | 'id') =>
    page.evaluate(
      ([at, what]) => {
        const element = document.querySelector(`[data-testid="virtual-row"][data-index="${at}"]`)
        if (!element) return null
        return what === 'id' ? element.getAttribute('data-id') : element.querySelector('[data-testid="cell-name"]')?.textContent
      },
      [index, read] as const
    )
  return {
    total: () => page.getByTestId('virtual-table').getAttribute('data-total'),
    /** The name cell of the row at a position, null while it is not rendered. */
    text: (index: number) => row(index, 'name'),
    id: (index: number) => row(index, 'id'),
    scrollTop: () => page.getByTestId('virtual-scroller').evaluate((element) => element.scrollTop)
  }
}

/** The fixture's count of warehouse events this page has heard (proof that an ignored event arrived). */
const heard = (page: Page, event: 'patched' | 'created' | 'removed') =>
  page.getByTestId('dev-live-events').getAttribute(`data-${event}`)

const seed = async (baseUrl: string, label: string, prefix: string, count = ROWS): Promise<[Merchant, Stored[]]> => {
  const who = await merchant(baseUrl, label)
  // Only the rows seeded here: not the main warehouse a new shop starts with (decision 0070).
  await removeAll(baseUrl, who, 'warehouses')
  const digits = String(count).length
  const rows = await createMany(baseUrl, who, 'warehouses', count, (i) => ({
    name: `${prefix}${String(i + 1).padStart(digits, '0')}`
  }))
  return [who, rows]
}

describe('virtual table live flags (spec §6.5: patch, create, remove, default true)', () => {
  const app = useApp()

  it('replaces a patched row in place and reloads on create and remove, keeping the scroll position (defaults)', async () => {
    const [who, rows] = await seed(app.server.url, 'live-on', 'W', 200)
    let calls: SocketCall[] = []
    const page = await app.openAs(who, `/${who.shop!._id}/warehouses?view=virtual`, {
      onPage: (opened) => (calls = recordSocketCalls(opened))
    })
    const table = virtual(page)
    const finds = () => callsTo(calls, 'find', 'warehouses').length
    await expect.poll(table.total, poll).toBe('200')
    await expect.poll(() => table.text(1), poll).toBe('W002')
    // Down the list (sorted by _id: the order created), where the reloads must not move the view.
    const scrollTop = 100 * 41
    await page.getByTestId('virtual-scroller').evaluate((element, top) => (element.scrollTop = top), scrollTop)
    await expect.poll(() => table.text(101), poll).toBe('W102')
    const loads = finds()

    // Someone else renames W102: the row changes where it is, without a reload.
    await patchRecord(app.server.url, who, 'warehouses', rows[101]._id, { name: 'W102 patched' })
    await expect.poll(() => table.text(101), poll).toBe('W102 patched')
    expect(await table.id(101)).toBe(rows[101]._id)
    expect(await table.total()).toBe('200')
    expect(finds()).toBe(loads)

    // A new record shifts positions: the windows in view reload and the count follows.
    await createRecord(app.server.url, who, 'warehouses', { name: 'W201' })
    await expect.poll(table.total, poll).toBe('201')
    await expect.poll(() => table.text(101), poll).toBe('W102 patched')
    expect(finds()).toBeGreaterThan(loads)
    expect(await table.scrollTop()).toBe(scrollTop)

    // A removed record above the view: reloaded again, everything moves up one, the view stays.
    const beforeRemove = finds()
    await removeRecord(app.server.url, who, 'warehouses', rows[0]._id)
    await expect.poll(table.total, poll).toBe('200')
    await expect.poll(() => table.text(100), poll).toBe('W102 patched')
    expect(finds()).toBeGreaterThan(beforeRemove)
    expect(await table.scrollTop()).toBe(scrollTop)
  })

  it('ignores patch, create and remove events when its flags are off (developer fixture, live=none)', async () => {
    const [who, rows] = await seed(app.server.url, 'live-off', 'V')
    let calls: SocketCall[] = []
    const page = await app.openAs(who, `/${who.shop!._id}/emporia/test?fixture=virtual&live=none`, {
      onPage: (opened) => (calls = recordSocketCalls(opened))
    })
    const table = virtual(page)
    const finds = () => callsTo(calls, 'find', 'warehouses').length
    await expect.poll(table.total, poll).toBe(String(ROWS))
    await expect.poll(() => table.text(1), poll).toBe('V02')
    const loads = finds()

    // The fixture's count and the table hear the same socket message, and React renders both listeners'
    // changes together: a table that applied the event (a patch in place, or the pages cleared for a
    // reload) shows it by the time the count does.
    await patchRecord(app.server.url, who, 'warehouses', rows[1]._id, { name: 'V02 patched' })
    await expect.poll(() => heard(page, 'patched'), poll).toBe('1')
    expect(await table.text(1)).toBe('V02')

    await createRecord(app.server.url, who, 'warehouses', { name: 'V00' })
    await expect.poll(() => heard(page, 'created'), poll).toBe('1')
    expect(await table.total()).toBe(String(ROWS))
    expect(await table.text(0)).toBe('V01')

    await removeRecord(app.server.url, who, 'warehouses', rows[0]._id)
    await expect.poll(() => heard(page, 'removed'), poll).toBe('1')
    expect(await table.total()).toBe(String(ROWS))
    expect(await table.text(0)).toBe('V01')
    expect(await table.text(1)).toBe('V02')
    expect(finds()).toBe(loads)

    // The flags are independent: with only `patch` on, a patch applies and a create is still ignored.
    const patchOnly = await app.openAs(who, `/${who.shop!._id}/emporia/test?fixture=virtual&live=patch`)
    const fresh = virtual(patchOnly)
    // V00 is new and first by name; V01 is gone.
    await expect.poll(fresh.total, poll).toBe(String(ROWS))
    await expect.poll(() => fresh.text(0), poll).toBe('V00')
    await expect.poll(() => fresh.text(1), poll).toBe('V02 patched')
    await patchRecord(app.server.url, who, 'warehouses', rows[2]._id, { name: 'V03 patched' })
    await expect.poll(() => fresh.text(2), poll).toBe('V03 patched')
    await createRecord(app.server.url, who, 'warehouses', { name: 'V000' })
    await expect.poll(() => heard(patchOnly, 'created'), poll).toBe('1')
    expect(await fresh.total()).toBe(String(ROWS))
    expect(await fresh.text(0)).toBe('V00')
  })
})
