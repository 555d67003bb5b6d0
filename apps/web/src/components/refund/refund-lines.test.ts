import { describe, expect, it } from 'vitest'
import { leftOf, refundRequest, unitsOf } from './refund-lines'

const order = {
  _id: 'a'.repeat(24),
  products: [
    { product: 'p1', name: 'Tea', price: 1250, quantity: 3, returned: 1, total: 3750 },
    { product: 'p2', name: 'Rice (kg)', price: 2000, quantity: 1.25, total: 2500 },
    { product: 'p3', name: 'Gone', price: 500, quantity: 2, returned: 2, total: 1000 }
  ]
} as never

describe('a refund, at the till or on the order page (spec §4.8)', () => {
  it('gives back at most what is left of each line, exact to the thousandth', () => {
    expect(leftOf([{ quantity: 3, returned: 1 }, { quantity: 1.25 }, { quantity: 0.3, returned: 0.1 }])).toEqual([2, 1.25, 0.2])
    expect(unitsOf('1.125', 1.25)).toEqual({ units: 1.125 })
    expect(unitsOf('', 2)).toEqual({ units: 0 })
    // Finer than a thousandth, negative or text: refused, never rounded.
    expect(unitsOf('0.0005', 2)).toEqual({ problem: 'format.number' })
    expect(unitsOf('-1', 2)).toEqual({ problem: 'format.number' })
    expect(unitsOf('two', 2)).toEqual({ problem: 'format.number' })
    expect(unitsOf('3', 2)).toEqual({ problem: 'posRefund.tooMany' })
  })

  it('asks for the chosen lines with the typed ID, amount, reason and one idempotency key', () => {
    const request = refundRequest(
      order,
      [
        { quantity: '2', restock: true },
        { quantity: '0.5', restock: false },
        { quantity: '', restock: true }
      ],
      { confirm: ' 100023 ', amount: 4000, reason: ' broken ', idempotencyKey: 'k1' }
    )
    expect(request).toEqual({
      data: {
        order: 'a'.repeat(24),
        confirm: '100023',
        lines: [
          { line: 0, quantity: 2, restock: true },
          { line: 1, quantity: 0.5, restock: false }
        ],
        amount: 4000,
        reason: 'broken',
        idempotencyKey: 'k1'
      }
    })
  })

  it('sends nothing while a line is refused, and says which', () => {
    const request = refundRequest(
      order,
      [
        { quantity: '3', restock: true },
        { quantity: '1.2345', restock: true },
        { quantity: '', restock: true }
      ],
      { confirm: '100023', idempotencyKey: 'k1' }
    )
    expect(request).toEqual({ problems: { 0: 'posRefund.tooMany', 1: 'format.number' } })
  })

  it('leaves only what was not given back yet', () => {
    const lines = [
      { quantity: 3, returned: 1, price: 1000, total: 3000 },
      { quantity: 2, price: 250, total: 500 }
    ]
    expect(leftOf(lines)).toEqual([2, 2])
  })

  it('sends the lines with units (none is an explicit none), restock as chosen, the amount only when typed', () => {
    expect(
      refundRequest(
        order,
        [
          { quantity: '2', restock: true },
          { quantity: '0', restock: false }
        ],
        { confirm: '100023', amount: null, reason: ' damaged ', idempotencyKey: 'k1' }
      )
    ).toEqual({
      data: {
        order: 'a'.repeat(24),
        confirm: '100023',
        lines: [{ line: 0, quantity: 2, restock: true }],
        reason: 'damaged',
        idempotencyKey: 'k1'
      }
    })
    expect(
      refundRequest(order, [{ quantity: '0', restock: true }], {
        confirm: '100023',
        amount: 300,
        reason: '',
        idempotencyKey: 'k1'
      })
    ).toEqual({ data: { order: 'a'.repeat(24), confirm: '100023', lines: [], amount: 300, idempotencyKey: 'k1' } })
  })
})
