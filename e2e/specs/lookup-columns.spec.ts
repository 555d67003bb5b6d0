import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createMany } from '../support/records'
import { callsTo, recordSocketCalls, type SocketCall } from '../support/socket'

const pad = (n: number) => String(n).padStart(3, '0')
const ROWS = 150

interface LookupQuery {
  _id: { $in: string[] }
  $limit: number
  $select: string[]
}

describe('lookup columns (spec §7.8: ids resolved by find {_id: {$in}} in batches of 100)', () => {
  const app = useApp()

  it(`shows ${ROWS} distinct category ids on one page as names, with ceil(ids / 100) finds`, async () => {
    const who = await merchant(app.server.url, 'lookup')
    const categories = await createMany(app.server.url, who, 'categories', ROWS, (i) => ({ name: { en: `Cat ${pad(i + 1)}` } }))
    // Spec i refers to category i by id (its `tag`); the list shows it as that category's name.
    await createMany(app.server.url, who, 'specs', ROWS, (i) => ({
      name: { en: `S${pad(i + 1)}` },
      type: 'string',
      tag: categories[i]._id
    }))
    let calls: SocketCall[] = []
    const page = await app.openAs(who, `/${who.shop!._id}/emporia/test?fixture=lookup`, {
      onPage: (opened) => (calls = recordSocketCalls(opened))
    })
    const table = new DataTablePage(page)
    const lookups = () =>
      callsTo(calls, 'find', 'categories')
        .map((call) => call.args[0] as LookupQuery)
        .filter((query) => Array.isArray(query._id?.$in))
    const expected = (names: string[]) => names.map((name) => `Cat ${name.slice(1)}`)

    // First page: 10 rows, 10 ids, one find.
    await expect.poll(() => table.rows().count(), poll).toBe(10)
    await expect.poll(async () => (await table.cellTexts('tag')).every(Boolean), poll).toBe(true)
    expect(await table.cellTexts('tag')).toEqual(expected(await table.cellTexts('name')))
    expect(lookups()).toHaveLength(1)
    expect(lookups()[0]._id.$in).toHaveLength(10)

    // Every row on one page: 150 distinct ids, two finds of at most 100, selecting only what is shown.
    await table.rowsPerPage('all')
    await expect.poll(() => table.rows().count(), poll).toBe(ROWS)
    await expect.poll(async () => (await table.cellTexts('tag')).filter(Boolean).length, poll).toBe(ROWS)
    const names = await table.cellTexts('name')
    expect(names).toHaveLength(ROWS)
    expect(await table.cellTexts('tag')).toEqual(expected(names))

    const batches = lookups().slice(1)
    expect(batches).toHaveLength(Math.ceil(ROWS / 100))
    expect(batches.map((query) => query._id.$in.length).sort((a, b) => b - a)).toEqual([100, ROWS - 100])
    for (const query of batches) {
      expect(query.$limit).toBe(100)
      expect(query.$select).toEqual(expect.arrayContaining(['name', '_id']))
    }
    // Each id is asked for once.
    const asked = batches.flatMap((query) => query._id.$in)
    expect(new Set(asked).size).toBe(ROWS)
    expect(new Set(asked)).toEqual(new Set(categories.map((category) => category._id)))
  })
})
