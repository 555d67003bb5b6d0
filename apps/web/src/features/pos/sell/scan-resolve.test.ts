import { describe, expect, it } from 'vitest'
import { embedCode, type BarcodeLayout, type PosCatalogueProduct } from '@emporia/shared'
import { buildCatalogueIndex } from './catalogue-index'
import { resolveScan } from './scan-resolve'

const id = (n: number) => n.toString(16).padStart(24, '0')
const product = (n: number, extra: Partial<PosCatalogueProduct> = {}): PosCatalogueProduct => ({
  _id: id(n),
  name: `P${n}`,
  price: 1000,
  categories: [],
  ...extra
})
const products = [
  product(1, { code: 'PLAIN', posCode: '111111' }),
  product(2, {
    code: 'SHIRT',
    skus: [
      { id: 's', code: 'SHIRT-S' },
      { id: 'm', code: 'SHIRT-M' }
    ]
  }),
  product(3, { posCode: '222222', weightType: 'weighted', weightUnit: 'kg' }),
  product(4, { code: 'TWIN' }),
  product(5, { posCode: 'TWIN' }),
  product(6, { code: '333333' }),
  product(7, { posCode: '444444', weightType: 'weighted', weightUnit: 'lb' })
]
const index = buildCatalogueIndex({ products, categories: [] })
const price: BarcodeLayout = { prefix: '2', itemDigits: 6, value: 'price', valueDigits: 5 }
const weight: BarcodeLayout = { prefix: '29', itemDigits: 6, value: 'weight', valueDigits: 4 }
const layouts = [price, weight]

describe('resolveScan', () => {
  it('answers a product found by its code as one unit', () => {
    expect(resolveScan('PLAIN', index, layouts)).toMatchObject({ kind: 'line', quantity: 1, product: { _id: id(1) } })
  })

  it('answers the SKU a SKU code names, and asks for one when the code names the product', () => {
    expect(resolveScan('SHIRT-M', index, layouts)).toMatchObject({ kind: 'line', sku: 'm' })
    expect(resolveScan('SHIRT', index, layouts)).toMatchObject({ kind: 'sku', product: { _id: id(2) } })
  })

  it('asks for the weight of a weighed product scanned by its own code', () => {
    expect(resolveScan('222222', index, layouts)).toMatchObject({ kind: 'weight', product: { _id: id(3) } })
  })

  it('refuses a code two products share', () => {
    expect(resolveScan('TWIN', index, layouts)).toEqual({ kind: 'error', key: 'pos.error.tooManyMatched' })
  })

  it('reads a price label: the label price, one unit', () => {
    const code = embedCode(price, '111111', 1234)
    expect(resolveScan(code, index, [price])).toMatchObject({ kind: 'line', price: 1234, quantity: 1, label: code })
  })

  it('reads a weight label in grams as kilograms of the product', () => {
    const code = embedCode(weight, '222222', 1250)
    expect(resolveScan(code, index, layouts)).toMatchObject({ kind: 'line', quantity: 1.25, product: { _id: id(3) } })
  })

  it('refuses a weight in a unit grams do not convert to exactly', () => {
    expect(resolveScan(embedCode(weight, '444444', 500), index, layouts)).toEqual({
      kind: 'error',
      key: 'pos.error.badExtraCode'
    })
  })

  it('tells a misread label (bad check digit) from an unknown code', () => {
    const code = embedCode(price, '111111', 1234)
    const broken = code.slice(0, 12) + String((Number(code[12]) + 1) % 10)
    expect(resolveScan(broken, index, [price])).toEqual({ kind: 'error', key: 'pos.error.corruptedCode' })
    expect(resolveScan('NOPE', index, layouts)).toEqual({ kind: 'error', key: 'pos.error.noSuchCode' })
  })

  it('says which: no product has the label item, or one has it only as its code', () => {
    expect(resolveScan(embedCode(price, '999999', 100), index, [price])).toEqual({ kind: 'error', key: 'pos.sell.noSuchProduct' })
    expect(resolveScan(embedCode(price, '333333', 100), index, [price])).toEqual({ kind: 'error', key: 'pos.sell.posCodeNotSet' })
  })

  it('refuses the same label twice in one order', () => {
    const code = embedCode(price, '111111', 500)
    expect(resolveScan(code, index, [price], new Set([code]))).toEqual({ kind: 'error', key: 'pos.sell.duplicateProduct' })
  })

  it('refuses a zero value and a label that names two products', () => {
    expect(resolveScan(embedCode(price, '111111', 0), index, [price])).toEqual({ kind: 'error', key: 'pos.error.badExtraCode' })
    // Item digits "011111" name both posCode "011111" and "11111": no guessing.
    const both = buildCatalogueIndex({
      products: [product(10, { posCode: '011111' }), product(11, { posCode: '11111' })],
      categories: []
    })
    expect(resolveScan(embedCode(price, '011111', 1000), both, [price])).toEqual({
      kind: 'error',
      key: 'pos.error.tooManyMatched'
    })
  })
})
