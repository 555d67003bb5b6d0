import { describe, expect, it } from 'vitest'
import type { Order } from '@emporia/shared'
import { receiptOf, type ReceiptContext } from './receipt-data'

// Only what a receipt reads: an order without its bookkeeping (shop, source, timestamps) is not an `Order`.
const order = {
  _id: 'a'.repeat(24),
  orderId: 'P-000042',
  date: '2026-11-26T02:00:00.000Z',
  products: [
    {
      product: 'b'.repeat(24),
      sku: 'tin',
      name: { en: 'Tin' },
      productName: { en: 'Green tea' },
      skuName: { en: 'Tin' },
      price: 1250,
      quantity: 2,
      total: 2500
    },
    { product: 'c'.repeat(24), name: { en: 'Rice cracker' }, price: 800, quantity: 1, total: 800 }
  ],
  subtotal: 3300,
  discount: 300,
  total: 3000,
  coupons: ['WELCOME'],
  pricing: {
    channel: 'pos',
    applied: [
      { rule: 'r1', type: 'percentage', amount: 300, times: 1, why: { key: 'x' } },
      { rule: 'r2', type: 'point', amount: 0, times: 1, pointsEarned: { pointType: 'p', points: 30 }, why: { key: 'y' } }
    ],
    lines: [
      { discount: 300, adjustments: [] },
      { discount: 0, adjustments: [] }
    ],
    orderAdjustments: [],
    rules: 300,
    manual: null
  }
} as unknown as Order

const context = (more: Partial<ReceiptContext> = {}): ReceiptContext => ({
  shopName: 'Tea House',
  text: (value) => (value as { en: string }).en,
  labels: {},
  methodName: (payment) => payment.method,
  ...more
})

describe('the receipt of a sale (spec §3.11 Invoice)', () => {
  it('prints weighed goods with their unit in the receipt’s language (decision 0162)', () => {
    const weighed = {
      ...order,
      products: [
        {
          product: 'd'.repeat(24),
          productName: { en: 'Dried scallops' },
          price: 8000,
          quantity: 0.35,
          unit: 'hk_catty',
          total: 2800
        }
      ]
    } as unknown as Order
    const names = { hk_catty: '斤' } as Record<string, string>
    const receipt = receiptOf(weighed, [], context({ unitName: (unit) => names[unit] ?? unit }))
    expect(receipt.lines[0].quantity).toBe('0.35 斤')
    expect(receiptOf(weighed, [], context()).lines[0].quantity).toBe('0.35 hk_catty')
  })

  it("prints the server's prices, each line's discount, the coupon, points earned and usable, and the change", () => {
    const receipt = receiptOf(order, [{ method: 'cash', amount: 3000, received: 5000 }], context({ pointsUsable: 130, qr: true }))
    expect(receipt.lines.map((line) => [line.name, line.quantity, line.unitPrice, line.discount, line.amount])).toEqual([
      // Titled as sold (decision 0139): the product and the SKU.
      ['Green tea · Tin', '2', '$12.50', '$3.00', '$25.00'],
      ['Rice cracker', '1', '$8.00', undefined, '$8.00']
    ])
    expect(receipt).toMatchObject({
      orderNo: 'P-000042',
      invoiceNo: 'P-000042',
      couponId: 'WELCOME',
      subtotal: '$33.00',
      discount: '$3.00',
      total: '$30.00',
      cashReceived: '$50.00',
      change: '$20.00',
      pointsEarned: 30,
      pointsUsable: 130,
      qr: 'P-000042'
    })
  })

  it('leaves out what the sale does not have: no QR unless the shop prints it, no points, no cash lines for a card', () => {
    const plain: Order = { ...order, coupons: [], pricing: null }
    const receipt = receiptOf(plain, [{ method: 'credit', amount: 3000 }], context())
    expect(receipt.qr).toBeUndefined()
    expect(receipt.pointsEarned).toBeUndefined()
    expect(receipt.pointsUsable).toBeUndefined()
    expect(receipt.couponId).toBeUndefined()
    expect(receipt.cashReceived).toBeUndefined()
    expect(receipt.change).toBeUndefined()
  })
})
