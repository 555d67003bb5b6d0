import { describe, expect, it } from 'vitest'
import type { Sku } from '../src/catalogue/product.schema'
import { setVariantField, variantCombinations, variantName, variantRows } from '../src/catalogue/variant-matrix'

const ids = () => {
  let n = 0
  return () => `new${++n}`
}
const size = { name: 'Size', values: ['S', 'M'] }
const colour = { name: 'Colour', values: ['red', 'blue'] }

describe('variant combinations', () => {
  it('makes options × values in option order, skipping empty options and repeated values', () => {
    expect(variantCombinations([size, colour])).toEqual([
      ['S', 'red'],
      ['S', 'blue'],
      ['M', 'red'],
      ['M', 'blue']
    ])
    expect(
      variantCombinations([
        { name: 'Empty', values: [] },
        { name: 'Size', values: ['S', 'S', ' ', 'L'] }
      ])
    ).toEqual([['S'], ['L']])
    expect(variantCombinations([])).toEqual([])
  })

  it('names a combination per language when a value is translated', () => {
    expect(variantName(['S', 'red'])).toBe('S / red')
    expect(variantName([{ en: 'Small', cht: '小' }, 'red'])).toEqual({ en: 'Small / red', cht: '小 / red', chs: 'Small / red' })
  })
})

describe('variant rows', () => {
  it('generates a SKU per combination with new ids', () => {
    const { skus, dropped } = variantRows([size, colour], [], ids())
    expect(skus.map((sku) => [sku.id, sku.name])).toEqual([
      ['new1', 'S / red'],
      ['new2', 'S / blue'],
      ['new3', 'M / red'],
      ['new4', 'M / blue']
    ])
    expect(dropped).toEqual([])
  })

  it('keeps the id, code and prices of rows still named by a combination and drops the others', () => {
    const existing: Sku[] = [
      { id: 'a', name: 'S / red', code: 'C1', price: 1200 },
      { id: 'b', name: 'M / blue', price: 900, dprice: 800 },
      { id: 'c', name: 'L / red', price: 100 }
    ]
    const { skus, dropped } = variantRows([size, colour], existing, ids())
    expect(skus).toEqual([
      { id: 'a', name: 'S / red', code: 'C1', price: 1200 },
      { id: 'new1', name: 'S / blue' },
      { id: 'new2', name: 'M / red' },
      { id: 'b', name: 'M / blue', price: 900, dprice: 800 }
    ])
    expect(dropped.map((sku) => sku.id)).toEqual(['c'])
  })

  it('passes a row’s prices on when an option is added, its id and code to the first row only', () => {
    const existing: Sku[] = [{ id: 'a', name: 'S', code: 'C1', price: 500 }]
    const { skus, dropped } = variantRows([size, colour], existing, ids())
    expect(skus).toEqual([
      { id: 'a', name: 'S / red', code: 'C1', price: 500 },
      { id: 'new1', name: 'S / blue', price: 500 },
      { id: 'new2', name: 'M / red' },
      { id: 'new3', name: 'M / blue' }
    ])
    expect(dropped).toEqual([])
  })

  it('keeps a row when an option is removed', () => {
    const existing: Sku[] = [
      { id: 'a', name: 'S / red', price: 500 },
      { id: 'b', name: 'S / blue', price: 600 }
    ]
    const { skus, dropped } = variantRows([size], existing, ids())
    expect(skus).toEqual([
      { id: 'a', name: 'S', price: 500 },
      { id: 'new1', name: 'M' }
    ])
    expect(dropped.map((sku) => sku.id)).toEqual(['b'])
  })

  it('matches translated names by their English text', () => {
    const existing: Sku[] = [{ id: 'a', name: { en: 'Small', cht: '細' }, price: 300 }]
    const { skus } = variantRows([{ name: 'Size', values: [{ en: 'Small', cht: '小' }] }], existing, ids())
    expect(skus).toEqual([{ id: 'a', name: { en: 'Small', cht: '小', chs: 'Small' }, price: 300 }])
  })
})

describe('bulk edit', () => {
  const skus: Sku[] = [
    { id: 'a', name: 'S', price: 1 },
    { id: 'b', name: 'M', price: 2 }
  ]
  it('sets a field on every row when none is chosen', () => {
    expect(setVariantField(skus, 'price', 999).map((sku) => sku.price)).toEqual([999, 999])
  })
  it('sets a field on the chosen rows only', () => {
    expect(setVariantField(skus, 'price', 999, new Set(['b'])).map((sku) => sku.price)).toEqual([1, 999])
    expect(skus[1].price).toBe(2)
  })
})
