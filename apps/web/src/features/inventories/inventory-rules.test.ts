import { describe, expect, it } from 'vitest'
import { prepareInventory } from './inventory-rules'

describe('restock entries (spec §3.8)', () => {
  it('defaults the total to unit price × quantity and turns days into date-times', () => {
    const out = prepareInventory({ warehouse: 'w', product: 'p', sku: '', quantity: 3, unitPrice: 1250, entryDate: '2026-03-04' })
    expect(out.totalPrice).toBe(3750)
    expect(out).not.toHaveProperty('sku')
    expect(typeof out.entryDate).toBe('string')
    expect(new Date(out.entryDate as string).getFullYear()).toBe(2026)
  })

  it('keeps a given total and clears emptied texts and dates', () => {
    expect(prepareInventory({ quantity: 2, unitPrice: 100, totalPrice: 150, supplier: '', expiryDate: '' })).toEqual({
      quantity: 2,
      unitPrice: 100,
      totalPrice: 150,
      supplier: null,
      expiryDate: null
    })
  })
})
