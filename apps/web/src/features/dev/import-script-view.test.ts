import { describe, expect, it } from 'vitest'
import { scriptRows } from './import-script-view'

describe('the importWithScript page’s rows (decision 0171)', () => {
  it("lists each row in sheet order with the script's fields, or the failed row's cells and reasons", () => {
    const timeout = { key: 'import.scriptTimeout', field: 'script', message: 'too long' }
    const rows = scriptRows({
      headers: ['name.en', 'price'],
      outcomes: [
        {
          rows: [4],
          action: 'new',
          changes: [
            { field: 'name', from: null, to: { en: 'Oolong' } },
            { field: 'price', from: null, to: 1800 }
          ]
        },
        { rows: [2, 3], action: 'modified', changes: [{ field: 'price', from: 100, to: 1250 }] },
        { rows: [6], action: 'unchanged' }
      ],
      errorRows: [
        { row: 5, cells: ['', ''], problems: [timeout] },
        { row: 7, cells: ['Cake', 'x'], problems: [] }
      ]
    })
    expect(rows).toEqual([
      { row: 2, action: 'modified', fields: ['price = 1250'], problems: [] },
      { row: 4, action: 'new', fields: ['name = {"en":"Oolong"}', 'price = 1800'], problems: [] },
      { row: 5, action: 'error', fields: [], problems: [timeout] },
      { row: 7, action: 'error', fields: ['name.en = Cake', 'price = x'], problems: [] }
    ])
  })

  it('has no rows for a run whose progress event left its lists out', () => {
    expect(scriptRows({ headers: [] } as unknown as Parameters<typeof scriptRows>[0])).toEqual([])
  })

  it('shows the first rows only', () => {
    const errorRows = Array.from({ length: 30 }, (_, i) => ({ row: i + 2, cells: [], problems: [] }))
    expect(scriptRows({ headers: [], outcomes: [], errorRows }, 20).map((row) => row.row)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 2)
    )
  })
})
