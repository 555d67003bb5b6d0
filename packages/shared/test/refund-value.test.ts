import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { multiplyCents } from '../src/platform/money'
import { paidLineValues, refundValueOf } from '../src/orders/refund-value'

interface Line {
  price: number
  quantity: number
  total: number
  returned?: number
}

/** An order as the engine stores it: lines, each line's discount, and what the order adds or takes off. */
const order = (lines: { price: number; quantity: number; discount: number }[], beyond = 0) => {
  const products: Line[] = lines.map((line) => ({
    price: line.price,
    quantity: line.quantity,
    total: multiplyCents(line.price, line.quantity)
  }))
  const nets = products.reduce((sum, line, i) => sum + line.total - lines[i].discount, 0)
  return {
    products,
    subtotal: products.reduce((sum, line) => sum + line.total, 0),
    total: nets + beyond,
    pricing: { lines: lines.map((line) => ({ discount: line.discount })) }
  }
}

describe('refund value (decision 0150)', () => {
  it("keeps a line's own discount on that line: the tea's discount is not spread over the teapot", () => {
    // The walk's order: a tea at $400 × 2 with $36 off the tea alone, a teapot at $440; $1,204 paid.
    const paid = order([
      { price: 40_000, quantity: 2, discount: 3_600 },
      { price: 44_000, quantity: 1, discount: 0 }
    ])
    expect(paid.total).toBe(120_400)
    expect(paidLineValues(paid)).toEqual([76_400, 44_000])
    expect(refundValueOf(paid, [0, 1])).toBe(44_000)
    expect(refundValueOf(paid, [1, 1])).toBe(38_200 + 44_000)
    expect(refundValueOf(paid, [2, 1])).toBe(120_400)
  })

  it('spreads what the order adds or takes off over its lines by what they were paid, and caps at what is still paid', () => {
    const paid = order(
      [
        { price: 1_000, quantity: 1, discount: 0 },
        { price: 3_000, quantity: 1, discount: 1_000 }
      ],
      -300
    )
    expect(paidLineValues(paid)).toEqual([900, 1_800])
    expect(refundValueOf({ ...paid, amount: 500 }, [1, 1])).toBe(500)
    // Lines that no longer match the stored pricing count without line discounts.
    expect(paidLineValues({ ...paid, pricing: { lines: [{ discount: 0 }] } })).toEqual([675, 2_025])
  })

  it('gives back exactly the total after every unit came back, in any number of refunds, and never a line below zero', () => {
    const lineArb = fc
      .record({
        price: fc.integer({ min: 0, max: 2_000_000 }),
        milli: fc.integer({ min: 1, max: 20_000 }),
        off: fc.double({ min: 0, max: 1, noNaN: true })
      })
      .map(({ price, milli, off }) => {
        const quantity = milli / 1000
        return { price, quantity, discount: Math.floor(multiplyCents(price, quantity) * off) }
      })
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 12 }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 12, maxLength: 12 }),
        (lines, beyondShare, pieces) => {
          const base = order(lines)
          // Order-wide: up to all of the lines' value off, or up to as much again on top (a delivery fee).
          const beyond = Math.trunc(base.total * beyondShare)
          const paid = order(lines, beyond)
          const values = paidLineValues(paid)
          expect(values.reduce((sum, value) => sum + value, 0)).toBe(paid.total)
          for (const value of values) expect(value).toBeGreaterThanOrEqual(0)
          // Each line given back in up to four pieces of whole thousandths, refund after refund.
          let given = 0
          const products = paid.products.map((line) => ({ ...line }))
          for (let round = 0; round < 4; round++) {
            const units = products.map((line, i) => {
              const left = Math.round((line.quantity - (line.returned ?? 0)) * 1000)
              const take = round >= pieces[i] - 1 ? left : Math.floor(left / (pieces[i] - round))
              return take / 1000
            })
            given += refundValueOf({ ...paid, products }, units)
            products.forEach((line, i) => (line.returned = Math.round(((line.returned ?? 0) + units[i]) * 1000) / 1000))
          }
          expect(given).toBe(paid.total)
        }
      )
    )
  })
})
