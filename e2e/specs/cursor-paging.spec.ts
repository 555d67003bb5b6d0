import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createMany } from '../support/records'
import { callsTo, recordSocketCalls, type SocketCall } from '../support/socket'

const pad = (n: number) => String(n).padStart(2, '0')
const names = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `C${pad(from + i)}`)

describe('cursor paging (`cursor: true`, spec §3.17, §9.4)', () => {
  const app = useApp()

  it('pages forward and back by $cursor with previous / next only, and never shows a count', async () => {
    const who = await merchant(app.server.url, 'cursor')
    // Inserted in reverse on purpose: the pages follow the sort (`order`), not the insertion order.
    await createMany(app.server.url, who, 'categories', 25, (i) => ({ name: { en: `C${pad(25 - i)}` }, order: 25 - i }))
    let calls: SocketCall[] = []
    const page = await app.openAs(who, `/${who.shop!._id}/emporia/test?fixture=cursor`, {
      onPage: (opened) => (calls = recordSocketCalls(opened))
    })
    const table = new DataTablePage(page)
    const prev = page.getByTestId('table-prev')
    const next = page.getByTestId('table-next')
    const finds = () => callsTo(calls, 'find', 'categories').map((call) => call.args[0] as Record<string, unknown>)

    await expect.poll(() => table.cellTexts('name'), poll).toEqual(names(1, 10))
    // No count: the page text shows the cursor mode's 999 (spec §9.4), and there are no page buttons.
    expect(await table.pageText().textContent()).toBe('1-10/999')
    expect(await page.getByTestId('table-pages').count()).toBe(0)
    expect(await prev.isDisabled()).toBe(true)
    expect(await next.isEnabled()).toBe(true)
    const first = finds().at(-1)!
    expect(first).toMatchObject({ $cursor: '', $limit: 10, $sort: { order: 1, _id: 1 } })
    expect(first).not.toHaveProperty('$skip')

    await next.click()
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(names(11, 20))
    expect(await table.pageText().textContent()).toBe('11-20/999')
    expect(await prev.isEnabled()).toBe(true)
    const second = finds().at(-1)!
    expect(second.$cursor).toEqual(expect.any(String))
    expect(second.$cursor).not.toBe('')
    expect(second).not.toHaveProperty('$skip')

    await next.click()
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(names(21, 25))
    expect(await table.pageText().textContent()).toBe('21-25/999')
    // The last page: the server gave no next cursor.
    await expect.poll(() => next.isDisabled(), poll).toBe(true)
    const third = finds().at(-1)!
    expect(third.$cursor).not.toBe(second.$cursor)

    await prev.click()
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(names(11, 20))
    expect(await table.pageText().textContent()).toBe('11-20/999')
    await expect.poll(() => next.isEnabled(), poll).toBe(true)
    await prev.click()
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(names(1, 10))
    await expect.poll(() => prev.isDisabled(), poll).toBe(true)
    expect(await table.pageText().textContent()).toBe('1-10/999')
    // Nothing on the page shows the real total of 25.
    expect(await table.root().textContent()).not.toContain('25/')
    expect(finds().every((query) => !('$skip' in query) && '$cursor' in query)).toBe(true)
  })
})
