import { describe, expect, it } from 'vitest'
import {
  categoryLines,
  countOfLine,
  differenceOf,
  lineOf,
  refusedLine,
  scannedOf,
  stockLinesRequest,
  unitsOfLine,
  withScan,
  type StockLine
} from './stock-lines'

const id = (n: number) => String(n).padStart(24, 'a')
const tea = lineOf('1', { _id: id(1) }, 'Tea', () => '')
const rice = lineOf('2', { _id: id(2), weightType: 'weighted' }, 'Rice', () => '')
const shirt = lineOf('3', { _id: id(3), skus: [{ id: 's' }, { id: 'm' }] }, 'Shirt', (sku) => sku.id.toUpperCase())
const typed = (line: StockLine, quantity: string, sku = line.sku) => ({ ...line, quantity, sku })

describe('the stock screen lines (decision 0156)', () => {
  it('reads a product: its SKUs by name, the only SKU chosen for the merchant, weighed goods marked', () => {
    expect(shirt).toMatchObject({
      skus: [
        { id: 's', name: 'S' },
        { id: 'm', name: 'M' }
      ],
      sku: '',
      weighted: false
    })
    expect(lineOf('4', { _id: id(4), skus: [{ id: 'one' }] }, 'Pot', () => 'One').sku).toBe('one')
    expect(rice.weighted).toBe(true)
  })

  it('refuses quantities that do not fit, never rounding', () => {
    expect(unitsOfLine(typed(tea, ''))).toEqual({ problem: 'format.required' })
    expect(unitsOfLine(typed(tea, '1.5'))).toEqual({ problem: 'stockLines.wholeUnits' })
    expect(unitsOfLine(typed(tea, '0'))).toEqual({ problem: 'stockOp.positive' })
    expect(unitsOfLine(typed(tea, '-2'))).toEqual({ problem: 'format.number' })
    expect(unitsOfLine(typed(rice, '1.2345'))).toEqual({ problem: 'format.number' })
    expect(unitsOfLine(typed(rice, '1.234'))).toEqual({ units: 1.234 })
    expect(unitsOfLine(typed(shirt, '2'))).toEqual({ problem: 'stockLines.skuRequired' })
    expect(unitsOfLine(typed(shirt, ' 2 ', 'm'))).toEqual({ units: 2 })
  })

  it('sends every line or names the refused ones', () => {
    const head = { mode: 'transfer' as const, warehouse: id(8), toWarehouse: id(9), comment: ' shelf ' }
    expect(stockLinesRequest([typed(tea, '3'), typed(shirt, '2', 's')], head)).toEqual({
      data: [
        { mode: 'transfer', warehouse: id(8), product: id(1), sku: '', delta: 3, toWarehouse: id(9), comment: 'shelf' },
        { mode: 'transfer', warehouse: id(8), product: id(3), sku: 's', delta: 2, toWarehouse: id(9), comment: 'shelf' }
      ]
    })
    expect(
      stockLinesRequest([typed(tea, '3'), typed(tea, '1.5')], { mode: 'restock', warehouse: id(8), toWarehouse: id(9) })
    ).toEqual({
      problems: { 1: 'stockLines.wholeUnits' }
    })
    expect(stockLinesRequest([typed(tea, '3')], { mode: 'restock', warehouse: id(8), toWarehouse: id(9) })).toEqual({
      data: [{ mode: 'restock', warehouse: id(8), product: id(1), sku: '', delta: 3 }]
    })
  })

  it('counts a stock-take against the system quantity: 0 is a count, the difference exact, every line sent (decision 0162)', () => {
    const scallops = lineOf('5', { _id: id(5), weightType: 'weighted', weightUnit: 'hk_catty' }, 'Scallops', () => '')
    expect(scallops.unit).toBe('hk_catty')
    expect(tea.unit).toBeNull()
    const counted = (line: StockLine, quantity: string, system?: number) => ({ ...line, quantity, system })
    expect(countOfLine(counted(tea, '0', 4))).toEqual({ units: 0 })
    expect(countOfLine(counted(tea, '2'))).toEqual({ problem: 'stockLines.systemLoading' })
    expect(countOfLine(counted(tea, '1.5', 4))).toEqual({ problem: 'stockLines.wholeUnits' })
    expect(differenceOf(counted(scallops, '1.65', 2))).toBe(-0.35)
    expect(differenceOf(counted(tea, '4', 4))).toBe(0)
    expect(differenceOf(counted(tea, '', 4))).toBeUndefined()
    const head = { mode: 'stockTake' as const, warehouse: id(8), comment: ' May ' }
    expect(stockLinesRequest([counted(tea, '4', 4), counted(scallops, '1.65', 2)], head)).toEqual({
      data: [
        { mode: 'stockTake', warehouse: id(8), product: id(1), sku: '', counted: 4, expected: 4, comment: 'May' },
        { mode: 'stockTake', warehouse: id(8), product: id(5), sku: '', counted: 1.65, expected: 2, comment: 'May' }
      ]
    })
    expect(stockLinesRequest([counted(tea, '4', 4), counted(tea, '3')], head)).toEqual({
      problems: { 1: 'stockLines.systemLoading' }
    })
  })

  it('finds the refused line by its index, or by the goods that ran short', () => {
    const lines = [typed(tea, '1'), typed(shirt, '1', 's'), typed(shirt, '1', 'm')]
    expect(refusedLine({ data: { field: '2.delta' } }, lines)).toBe(2)
    expect(refusedLine({ data: { field: '1' } }, lines)).toBe(1)
    expect(refusedLine({ data: { key: 'errors.insufficientStock', product: id(3), sku: 'm' } }, lines)).toBe(2)
    expect(refusedLine({ data: { field: 'warehouse' } }, lines)).toBeUndefined()
    expect(refusedLine(new Error('offline'), lines)).toBeUndefined()
  })
})

describe('a count by scanning and by category (decision 0173)', () => {
  const products = [
    { _id: id(1), posCode: '480001' },
    {
      _id: id(3),
      skus: [
        { id: 's', code: 'SH-S' },
        { id: 'm', code: 'SH-M' }
      ]
    },
    { _id: id(2), posCode: 'RICE', weightType: 'weighted' }
  ]
  const lineFor = (product: (typeof products)[number], sku?: string) => {
    const line = lineOf(`${product._id}-${sku ?? ''}`, product, product._id, (entry) => entry.id)
    return sku ? { ...line, sku } : line
  }

  it('finds the goods a code names: a product by its code, a size by its own, whatever the case', () => {
    expect(scannedOf('480001', products)?.product._id).toBe(id(1))
    expect(scannedOf(' sh-m ', products)).toMatchObject({ product: { _id: id(3) }, sku: 'm' })
    expect(scannedOf('nothing', products)).toBeUndefined()
  })

  it('counts one more on each scan of the same goods, a new line for new goods; weighed goods are typed', () => {
    const first = withScan([], lineFor(products[0]))
    const again = withScan(first.lines, lineFor(products[0]))
    expect(again).toMatchObject({ index: 0, lines: [{ quantity: '2' }] })
    const size = withScan(again.lines, lineFor(products[1], 'm'))
    expect(size.index).toBe(1)
    expect(size.lines.map((line) => [line.sku, line.quantity])).toEqual([
      ['', '2'],
      ['m', '1']
    ])
    expect(withScan([], lineFor(products[2])).lines[0].quantity).toBe('')
  })

  it("adds a category's products, size by size, leaving out goods already listed", () => {
    const listed = [lineFor(products[1], 's')]
    const added = categoryLines(listed, products, (product, sku) => lineFor(product as (typeof products)[number], sku))
    expect(added.map((line) => [line.product, line.sku])).toEqual([
      [id(1), ''],
      [id(3), 'm'],
      [id(2), '']
    ])
  })
})
