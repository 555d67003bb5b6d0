import { describe, expect, it } from 'vitest'
import type { Order } from '@emporia/shared'
import {
  fulfilPatchOf,
  orderDataOf,
  paymentDataOf,
  replacementDataOf,
  shipFormOf,
  shippingPatchOf,
  splitLinesOf
} from './order-requests'

const id = (c: string) => c.repeat(24)
const order = {
  _id: id('a'),
  orderId: 'A0001',
  products: [
    { product: id('b'), quantity: 2, price: 1000, total: 2000 },
    { product: id('c'), quantity: 1, price: 500, total: 500, linkItem: { quantity: 3, fulfilled: 1 } }
  ],
  ship: { company: 'SF', tracking: '' },
  remarks: null
} as Order

describe('what the order forms send', () => {
  it('a replacement: the same goods and customer, today’s prices, naming its source (spec §4.8)', () => {
    const source = {
      ...order,
      user: id('d'),
      customer: { name: 'Ann' },
      warehouse: id('e'),
      products: [
        { product: id('b'), sku: 's1', quantity: 2, price: 900, total: 1800, warehouse: id('f'), returned: 1 },
        { product: id('c'), sku: '', quantity: 0.35, price: 500, total: 175 }
      ],
      ship: { company: 'SF', tracking: 'T1', address: ' 1 Queen’s Road ' },
      remarks: '  '
    } as Order
    expect(replacementDataOf(source)).toEqual({
      source: 'admin',
      replaces: id('a'),
      products: [
        { product: id('b'), sku: 's1', quantity: 2, warehouse: id('f') },
        { product: id('c'), quantity: 0.35 }
      ],
      user: id('d'),
      customer: { name: 'Ann' },
      warehouse: id('e'),
      ship: { address: '1 Queen’s Road' }
    })
  })

  it('a back-office order: its lines, a discount, who it is for, only what was filled', () => {
    expect(
      orderDataOf({
        products: [
          { product: id('b'), sku: '', quantity: 2 },
          { product: id('c'), sku: 's1', quantity: '3', price: 450 }
        ],
        discount: 100,
        customerName: ' Ann ',
        customerPhone: '',
        remarks: '  '
      })
    ).toEqual({
      source: 'admin',
      products: [
        { product: id('b'), quantity: 2 },
        { product: id('c'), sku: 's1', quantity: 3, price: 450 }
      ],
      discount: 100,
      customer: { name: 'Ann' }
    })
    expect(orderDataOf({ products: [{ product: id('b'), quantity: 1 }], discount: 0 })).toEqual({
      source: 'admin',
      products: [{ product: id('b'), quantity: 1 }]
    })
  })

  it('a back-office order’s customer, codes, picked discounts and points (decision 0092)', () => {
    expect(
      orderDataOf({
        products: [{ product: id('b'), quantity: 1 }],
        user: id('d'),
        coupons: [' SPRING ', 'SPRING', ''],
        chosenDiscounts: [id('e')],
        pointType: id('f'),
        points: 200
      })
    ).toEqual({
      source: 'admin',
      products: [{ product: id('b'), quantity: 1 }],
      user: id('d'),
      coupons: ['SPRING'],
      chosenDiscounts: [id('e')],
      usePoints: { [id('f')]: 200 }
    })
    // Points without a point type, or a type without points, send nothing of either.
    expect(orderDataOf({ products: [{ product: id('b'), quantity: 1 }], points: 200, chosenDiscounts: [] })).toEqual({
      source: 'admin',
      products: [{ product: id('b'), quantity: 1 }]
    })
  })

  it('a payment: only the chosen method own fields', () => {
    const values = {
      method: 'cash',
      amount: 2500,
      received: 5000,
      extraMethod: 'Octopus',
      reference: id('d'),
      customerRemarks: 'x'
    }
    expect(paymentDataOf(id('a'), values)).toEqual({ order: id('a'), method: 'cash', amount: 2500, received: 5000 })
    expect(paymentDataOf(id('a'), { ...values, method: 'pos' })).toEqual({
      order: id('a'),
      method: 'pos',
      amount: 2500,
      extraMethod: 'Octopus'
    })
    expect(paymentDataOf(id('a'), { ...values, method: 'bank', customerRemarks: ' paid at noon ' })).toEqual({
      order: id('a'),
      method: 'bank',
      amount: 2500,
      reference: id('d'),
      customerRemarks: 'paid at noon'
    })
    expect(paymentDataOf(id('a'), { method: 'credit', amount: 2500 })).toEqual({ order: id('a'), method: 'credit', amount: 2500 })
  })

  it('a split: the lines with units to move', () => {
    expect(splitLinesOf(['1', '0', '', 'x', '2.5'])).toEqual([
      { line: 0, quantity: 1 },
      { line: 4, quantity: 2.5 }
    ])
  })

  it('shipping and remarks: only what changed, emptied remarks cleared', () => {
    const before = shipFormOf(order)
    expect(before).toEqual({ company: 'SF', tracking: '', trackingUrl: '', address: '', remarks: '' })
    expect(shippingPatchOf(before, before)).toEqual({})
    expect(shippingPatchOf(before, { ...before, tracking: ' SF123 ' })).toEqual({ ship: { company: 'SF', tracking: 'SF123' } })
    // A tracking link typed while the shop tracks parcels (decision 0178) goes with the rest of the shipping.
    expect(shippingPatchOf(before, { ...before, trackingUrl: ' https://t.example/1 ' })).toEqual({
      ship: { company: 'SF', trackingUrl: 'https://t.example/1' }
    })
    expect(shippingPatchOf(before, { ...before, remarks: 'Leave at door' })).toEqual({ remarks: 'Leave at door' })
    expect(shippingPatchOf({ ...before, remarks: 'x' }, before)).toEqual({ remarks: null })
  })

  it('fulfilment: the linked lines whose typed units changed', () => {
    expect(fulfilPatchOf(order, { 1: '3' })).toEqual([{ line: 1, fulfilled: 3 }])
    expect(fulfilPatchOf(order, { 1: '1' })).toEqual([])
    expect(fulfilPatchOf(order, { 0: '1', 1: '' })).toEqual([])
  })
})
