import { describe, expect, it } from 'vitest'
import { foldDiscount, typeUses } from './discount-values'

describe('discount editor values (decision 0089)', () => {
  it('folds group fields into their objects, and an empty group into null', () => {
    const folded = foldDiscount({
      type: 'advanced',
      'member.minQty': 2,
      'member.unitDiscount': 50,
      'member.stepQty': '',
      'timeConditions.months': [],
      'timeConditions.dateRange': ['2026-01-01', '2026-01-31'],
      'filters.products': ['a'],
      'efilter.tags': []
    })
    expect(folded).toMatchObject({
      type: 'advanced',
      member: { minQty: 2, unitDiscount: 50 },
      timeConditions: { dateRange: ['2026-01-01', '2026-01-31'] },
      filters: { products: ['a'] },
      efilter: null,
      point: null,
      usePoint: null
    })
    expect(Object.keys(folded).some((key) => key.includes('.'))).toBe(false)
  })

  it('drops the terms of other types, and clears numbers the merchant emptied', () => {
    const folded = foldDiscount({
      type: 'percentage',
      percentageDiscount: 10,
      'member.fixedDiscount': 100,
      'point.fixed': 5,
      freeItems: [{ product: 'p', quantity: 1 }]
    })
    expect(folded).toMatchObject({ member: null, point: null, freeItems: [], quantity: null, minQty: null, validTo: null })
    // An emptied code is no code (the schema refuses an empty one).
    expect(foldDiscount({ type: 'fixed', couponCode: '', tag: 'x' })).toMatchObject({ couponCode: null, tag: 'x' })
    expect(foldDiscount({ type: 'point', 'point.fixed': 5 }).point).toEqual({ fixed: 5 })
  })

  it('shows each type only what it gives', () => {
    expect(typeUses('percentage', 'percentageDiscount')).toBe(true)
    expect(typeUses('percentage', 'fixedDiscount')).toBe(false)
    expect(typeUses('bundleFree', 'freeItems')).toBe(true)
    expect(typeUses('advanced', 'member.stepQty')).toBe(true)
    expect(typeUses('usePoint', 'point.fixed')).toBe(false)
    expect(typeUses(undefined, 'quantity')).toBe(false)
  })
})
