import { describe, expect, it } from 'vitest'
import type { ExportColumn, ImportOutcome } from '@emporia/shared'
import { cellText, columnOf, diffRows, errorLines, hasWork, isSpreadsheet, progressPercent, summaryParts } from './import-view'

const COLUMNS: ExportColumn[] = [
  { field: '_id', header: 'ID', kind: 'text' },
  { field: 'name', header: '名稱 (English)', kind: 'translatable', lang: 'en' },
  { field: 'name', header: '名稱 (繁體中文)', kind: 'translatable', lang: 'cht' },
  { field: 'price', header: '售價', kind: 'money' },
  { field: 'avail', header: '銷售渠道', kind: 'text', enum: { pos: '門市', both: '兩者' } },
  { field: 'skus.price', header: 'SKU – 售價', kind: 'money' },
  { field: 'price', header: 'Price', kind: 'money' }
]
const words = { money: (cents: number) => `$${(cents / 100).toFixed(2)}`, yes: '是', no: '否', empty: '—' }

describe('the import preview', () => {
  it('takes CSV and XLSX files by extension or type, and nothing else', () => {
    expect(isSpreadsheet({ name: 'products.CSV' })).toBe(true)
    expect(isSpreadsheet({ name: 'products.xlsx' })).toBe(true)
    expect(isSpreadsheet({ name: 'export', type: 'text/csv' })).toBe(true)
    expect(isSpreadsheet({ name: 'photo.png', type: 'image/png' })).toBe(false)
    expect(isSpreadsheet({ name: 'old.xls' })).toBe(false)
  })

  it("names a changed field by its column's title in the current language, an item's by its list column", () => {
    expect(columnOf('price', COLUMNS)?.header).toBe('售價')
    expect(columnOf('skus[L1].price', COLUMNS)?.header).toBe('SKU – 售價')
    expect(columnOf('name.cht', COLUMNS)?.header).toBe('名稱 (繁體中文)')
    expect(columnOf('posCode', COLUMNS)).toBeUndefined()
  })

  it('writes amounts as money, choices as their labels, yes and no, and nothing as a dash', () => {
    const price = columnOf('price', COLUMNS)
    expect(cellText(1250, price, words)).toBe('$12.50')
    expect(cellText('both', columnOf('avail', COLUMNS), words)).toBe('兩者')
    expect(cellText(true, undefined, words)).toBe('是')
    expect(cellText(null, price, words)).toBe('—')
    expect(cellText({ en: 'Tea', cht: '茶' }, undefined, words)).toBe('Tea / 茶')
  })

  it('lists each change of each modified record, then each new record once; unchanged and failed records not at all', () => {
    const outcomes: ImportOutcome[] = [
      {
        rows: [2, 3],
        action: 'modified',
        key: 'Tea 1',
        changes: [
          { field: 'price', from: 1001, to: 1250 },
          { field: 'skus[L1].price', from: 1200, to: 1300 }
        ]
      },
      { rows: [4], action: 'unchanged', key: 'Tea 2' },
      { rows: [5], action: 'new', key: 'Tea 9' },
      { rows: [6], action: 'error', key: 'Tea 3', problems: [{ key: 'import.number', field: '售價', message: 'x' }] }
    ]
    expect(diffRows(outcomes, COLUMNS, words)).toEqual([
      {
        id: '0.0',
        action: 'modified',
        rows: [2, 3],
        key: 'Tea 1',
        item: undefined,
        header: '售價',
        from: '$10.01',
        to: '$12.50'
      },
      {
        id: '0.1',
        action: 'modified',
        rows: [2, 3],
        key: 'Tea 1',
        item: 'L1',
        header: 'SKU – 售價',
        from: '$12.00',
        to: '$13.00'
      },
      { id: '2', action: 'new', rows: [5], key: 'Tea 9' }
    ])
  })

  it("lists every problem of every failed row with the sheet's column and the reason's key", () => {
    const lines = errorLines(
      [
        {
          row: 3,
          cells: ['', 'abc'],
          problems: [{ key: 'import.number', field: '售價', message: '"abc" is not a number', values: { value: 'abc' } }]
        },
        {
          row: 5,
          cells: [],
          problems: [
            { key: 'import.refUnknown', field: 'price', message: 'no' },
            { key: 'import.enum', field: '', message: 'x' }
          ]
        }
      ],
      COLUMNS
    )
    expect(lines.map((line) => [line.row, line.column, line.key])).toEqual([
      [3, '售價', 'import.number'],
      [5, '售價', 'import.refUnknown'],
      [5, '', 'import.enum']
    ])
    expect(lines[0].values).toEqual({ value: 'abc' })
  })

  it('says "removed" only for a template that removes, and has nothing to do when nothing is new, modified or removed', () => {
    const counts = { new: 0, modified: 0, unchanged: 3, errors: 2 }
    expect(summaryParts(counts).map((part) => part.key)).toEqual(['new', 'modified', 'unchanged', 'errors'])
    expect(summaryParts({ ...counts, removed: 4 }).at(-1)).toEqual({ key: 'removed', count: 4 })
    expect(hasWork(counts)).toBe(false)
    expect(hasWork({ ...counts, modified: 1 })).toBe(true)
    expect(hasWork({ ...counts, removed: 1 })).toBe(true)
  })

  it('draws the progress of records done of the total, and no percent while the total is unknown', () => {
    expect(progressPercent({ records: 0, total: null })).toBeUndefined()
    expect(progressPercent({ records: 25, total: 200 })).toBe(13)
    expect(progressPercent({ records: 210, total: 200 })).toBe(100)
  })
})
