import { describe, expect, it } from 'vitest'
import type { Discount } from '@emporia/shared'
import { cartOf, codesOf, previewOf, reasonValues, pointsToUseOf } from './pricing-preview'

const tea = { _id: 'a'.repeat(24), price: 1000, skus: [{ id: 'big', price: 1500 }], category: 'c'.repeat(24), tags: ['t'] }
const products = new Map([[tea._id, tea]])
const context = { products, rules: [] as Discount[], customer: null, now: '2026-06-01T00:00:00.000Z', timeZone: 'Asia/Hong_Kong' }

describe('the new order’s live pricing', () => {
  it('builds the cart from the form: the SKU’s or typed price, the product’s categories, brand and tags', () => {
    expect(
      cartOf(
        {
          products: [
            { product: tea._id, quantity: 2 },
            { product: tea._id, sku: 'big', quantity: 1 },
            { product: tea._id, quantity: 1, price: 10 }
          ]
        },
        products
      )
    ).toEqual([
      { key: '0', product: tea._id, sku: '', price: 1000, quantity: 2, categories: [tea.category], brand: null, tags: ['t'] },
      { key: '1', product: tea._id, sku: 'big', price: 1500, quantity: 1, categories: [tea.category], brand: null, tags: ['t'] },
      { key: '2', product: tea._id, sku: '', price: 10, quantity: 1, categories: [tea.category], brand: null, tags: ['t'] }
    ])
  })

  it('waits for every line to have a known product and a quantity', () => {
    expect(cartOf({ products: [{ product: tea._id }] }, products)).toBeNull()
    expect(cartOf({ products: [{ product: 'b'.repeat(24), quantity: 1 }] }, products)).toBeNull()
    expect(previewOf({ products: [] }, context)).toBeNull()
    expect(previewOf({ products: [{ product: tea._id, quantity: 3 }] }, context)).toMatchObject({ subtotal: 3000 })
  })

  it('reads codes and points as the server takes them', () => {
    expect(codesOf([' SPRING ', '', 'SPRING', 'X1'])).toEqual(['SPRING', 'X1'])
    expect(codesOf(undefined)).toEqual([])
    expect(pointsToUseOf({ pointType: 'p', points: 300 })).toEqual({ p: 300 })
    expect(pointsToUseOf({ pointType: 'p', points: 2.5 })).toBeUndefined()
    expect(pointsToUseOf({ points: 300 })).toBeUndefined()
  })

  it('unlocks a rule by its code typed in any case or hyphenation, as the server does (decision 0139)', () => {
    const coded = {
      _id: 'd'.repeat(24),
      name: 'Summer',
      type: 'fixed',
      status: 'valid',
      avail: 'both',
      couponCode: 'SUMMER-10',
      fixedDiscount: 100
    } as unknown as Discount
    for (const code of ['summer-10', 'SUMMER10', 'Summer 10'])
      expect(
        previewOf({ products: [{ product: tea._id, quantity: 1 }], coupons: [code] }, { ...context, rules: [coded] })
      ).toMatchObject({
        discount: 100
      })
  })

  it('formats money in a reason, never a count or a percentage', () => {
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`
    expect(
      reasonValues(
        { key: 'errors.needPermission', values: { spend: 1250, gain: 500, quantity: 2, percent: 10, code: 'X' } },
        money
      )
    ).toEqual({
      spend: '$12.50',
      gain: '$5.00',
      quantity: 2,
      percent: 10,
      code: 'X'
    })
  })
})
