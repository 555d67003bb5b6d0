import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  crossTransferWarehouse,
  defaultTotalPrice,
  isWeighted,
  operationModesFor,
  unitsProblem
} from '../src/inventory/stock-rules'

describe('stock rules shared by the editor and the server', () => {
  it('whole units refuse any fraction, never rounding it', () => {
    expect(unitsProblem(3, false)).toBeUndefined()
    expect(unitsProblem(2.5, false)).toEqual({ key: 'format.integer' })
    expect(unitsProblem(0.001, false)).toEqual({ key: 'format.integer' })
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 999 }),
        (whole, thousandths) => unitsProblem(whole + thousandths / 1000, false)?.key === 'format.integer'
      )
    )
  })

  it('weighted goods take up to three decimals and refuse a fourth', () => {
    expect(unitsProblem(0.1 + 0.2, true)).toBeUndefined()
    expect(unitsProblem(1.234, true)).toBeUndefined()
    expect(unitsProblem(1.2345, true)).toEqual({ key: 'format.multipleOf', values: { value: 0.001 } })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (thousandths) => unitsProblem(thousandths / 1000, true) === undefined)
    )
  })

  it('knows weighted goods by their weight type only', () => {
    expect(isWeighted({ weightType: 'weighted' })).toBe(true)
    expect(isWeighted({ weightType: 'none' })).toBe(false)
    expect(isWeighted({})).toBe(false)
    expect(isWeighted(undefined)).toBe(false)
  })

  it('a missing total price is unit price × quantity, in whole cents; none without a unit price', () => {
    expect(defaultTotalPrice(1999, 3)).toBe(5997)
    expect(defaultTotalPrice(333, 1.5)).toBe(500)
    expect(defaultTotalPrice(null, 3)).toBeNull()
    expect(defaultTotalPrice(100, undefined)).toBeNull()
  })

  it('offers separate only with a unit product and a ratio, crossTransfer only with a link', () => {
    expect(operationModesFor({})).toEqual(['restock', 'export', 'transfer'])
    expect(operationModesFor({ separateProducts: [{}], separateRatio: null })).not.toContain('separate')
    expect(operationModesFor({ separateProducts: [], separateRatio: 6 })).not.toContain('separate')
    expect(operationModesFor({ separateProducts: [{}], separateRatio: 6, productLinks: [{}] })).toEqual([
      'restock',
      'export',
      'separate',
      'transfer',
      'crossTransfer'
    ])
  })

  it('a crossTransfer lands where the caller chose, else where the link says', () => {
    expect(crossTransferWarehouse('w1', { crossWarehouse: 'w2' })).toBe('w1')
    expect(crossTransferWarehouse(undefined, { crossWarehouse: 'w2' })).toBe('w2')
    expect(crossTransferWarehouse('', { crossWarehouse: null })).toBeUndefined()
    expect(crossTransferWarehouse(null, undefined)).toBeUndefined()
  })
})
