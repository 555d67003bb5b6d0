import { describe, expect, it } from 'vitest'
import type { ProductRecord } from '@emporia/shared'
import { convertedUnits, operationFields, operationRequest } from './inventory-operation'
import { prepareProduct, prepareProductClone } from './product-rules'
import { stockRows } from './product-stock'
import { cleanSpecValues, specValueFor } from './spec-values'

const product = (extra: Partial<ProductRecord> = {}) =>
  ({ _id: 'a'.repeat(24), name: { en: 'Tea' }, price: 100, cachedInventory: 0, ...extra }) as ProductRecord

describe('product editor rules (decision 0041)', () => {
  it('sends an emptied code as null, never auto_soldOut, no unfinished spec rows, no empty SEO text', () => {
    expect(
      prepareProduct({
        posCode: ' ',
        status: 'auto_soldOut',
        skus: [{ id: 's1', name: 'S', code: '' }],
        specs: [
          { spec: '', value: null },
          { spec: 'b'.repeat(24), value: 3 }
        ],
        seo: { description: { en: '' }, keywords: 'tea' }
      })
    ).toEqual({
      posCode: null,
      skus: [{ id: 's1', name: 'S', code: null }],
      specs: [{ spec: 'b'.repeat(24), value: 3 }],
      seo: { keywords: 'tea' }
    })
    expect(prepareProduct({ status: 'draft' }).status).toBe('draft')
    // Left as it was when the editor opened: the inventory may have moved it since.
    expect(prepareProduct({ status: 'selling' }, { status: 'selling' })).toEqual({})
    expect(prepareProduct({ status: 'draft' }, { status: 'selling' })).toEqual({ status: 'draft' })
  })

  it('copies a product without its codes (unique in the shop) or derived quantities', () => {
    expect(
      prepareProductClone({ name: 'Tea', posCode: '123', status: 'auto_soldOut', skus: [{ id: 's1', code: 'X', quantity: 3 }] })
    ).toEqual({ name: 'Tea', skus: [{ id: 's1' }] })
  })

  it('gives a new spec row the empty value of its type and drops rows without a spec', () => {
    expect(specValueFor({ _id: 'x', type: 'multiEnum' } as never)).toEqual({ spec: 'x', value: [] })
    expect(specValueFor({ _id: 'x', type: 'boolean' } as never)).toEqual({ spec: 'x', value: false })
    expect(cleanSpecValues([{ spec: '', value: 1 }, null, { spec: 'y', value: 'a' }])).toEqual([{ spec: 'y', value: 'a' }])
  })
})

describe('stock per SKU and warehouse', () => {
  it('lists each SKU with its warehouses, and stock under a SKU no longer listed', () => {
    const rows = stockRows(
      product({
        skus: [
          { id: 's1', name: 'Small' },
          { id: 's2', name: 'Large' }
        ],
        inventories: [
          { warehouse: 'w1', sku: 's1', quantity: 3, reserved: 1 },
          { warehouse: 'w2', sku: 's1', quantity: 2, reserved: 0 },
          { warehouse: 'w1', sku: 'gone', quantity: 4, reserved: 0 },
          // The no-SKU line its stock left for the first SKU (decision 0070): nothing to show.
          { warehouse: 'w1', sku: '', quantity: 0, reserved: 0 }
        ]
      })
    )
    expect(rows.map((row) => [row.sku, row.quantity, row.warehouses.length])).toEqual([
      ['s1', 5, 2],
      ['s2', 0, 0],
      ['gone', 4, 1]
    ])
  })

  it('has one row for a product without SKUs', () => {
    const rows = stockRows(product({ inventories: [{ warehouse: 'w1', sku: '', quantity: 7, reserved: 0 }] }))
    expect(rows).toEqual([{ sku: '', name: undefined, quantity: 7, warehouses: [{ warehouse: 'w1', quantity: 7, reserved: 0 }] }])
  })
})

describe('SKU inventory operation (spec §3.7)', () => {
  it('counts the units opened boxes give', () => {
    expect(convertedUnits(2, 12)).toBe(24)
    expect(convertedUnits('1+1', 6)).toBe(12)
    expect(convertedUnits('', 6)).toBe(6)
  })

  it('sends only what the mode needs', () => {
    const p = product({ productLinks: [{ shop: 'c'.repeat(24), product: 'd'.repeat(24), crossWarehouse: 'e'.repeat(24) }] })
    expect(operationRequest({ mode: 'export', warehouse: 'w1', delta: 3, toWarehouse: 'w2', comment: ' ' }, p, 's1')).toEqual({
      mode: 'export',
      warehouse: 'w1',
      product: p._id,
      sku: 's1',
      delta: 3
    })
    expect(
      operationRequest({ mode: 'transfer', warehouse: 'w1', delta: 1, toWarehouse: 'w2', comment: 'move' }, p, '')
    ).toMatchObject({
      toWarehouse: 'w2',
      comment: 'move'
    })
    expect(operationRequest({ mode: 'crossTransfer', warehouse: 'w1', delta: 1, toShop: 'c'.repeat(24) }, p, '')).toMatchObject({
      toShop: 'c'.repeat(24),
      toWarehouse: 'e'.repeat(24)
    })
  })

  it('asks for a destination warehouse other than the source on a transfer, and a positive quantity', () => {
    const fields = operationFields(product())
    const to = fields.find((field) => field.name === 'toWarehouse')!
    expect(to.validate!(undefined, { mode: 'transfer' })).toBe('format.required')
    expect(to.validate!('w1', { mode: 'transfer', warehouse: 'w1' })).toBe('stockOp.sameWarehouse')
    expect(to.validate!(undefined, { mode: 'export' })).toBeUndefined()
    expect(to.hidden!({ mode: 'export' })).toBe(true)
    const delta = fields.find((field) => field.name === 'delta')!
    expect(delta.validate!(0, {})).toBe('stockOp.positive')
    expect(delta.validate!('2-3', {})).toBe('stockOp.positive')
    expect(delta.validate!(2, {})).toBeUndefined()
    expect(delta.type === 'number' && delta.integer).toBe(true)
  })
})

describe('sharing in the product editor (spec §6.3)', () => {
  const shared = [{ shop: 'b'.repeat(24), write: true, owner: false }]
  it('sends the shops a product is shared with only when they changed', () => {
    const record = { accessShop: shared }
    expect('accessShop' in prepareProduct({ name: 'Tea', accessShop: [...shared] }, record)).toBe(false)
    expect('accessShop' in prepareProduct({ name: 'Tea', accessShop: [] }, {})).toBe(false)
    expect(prepareProduct({ name: 'Tea', accessShop: [] }, record).accessShop).toEqual([])
    expect(prepareProduct({ name: 'Tea', accessShop: shared }).accessShop).toEqual(shared)
  })
})
