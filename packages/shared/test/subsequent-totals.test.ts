import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { multiplyCents, subsequentDueDate, subsequentTotals } from '../src'

const company = { subsequentPaymentLimit: 100_000, subsequentPaymentPeriod: 30, outstanding: 40_000 }

describe('subsequentTotals (spec §3.11)', () => {
  it('adds the lines and the payments, and weighs the shortage against the remaining credit', () => {
    const totals = subsequentTotals(
      {
        date: '2026-11-01T10:00:00.000Z',
        products: [
          { price: 12_50, quantity: 4 },
          { price: 3_33, quantity: 1.5 }
        ],
        payments: [{ paymentAmount: 20_00 }]
      },
      company
    )
    expect(totals.lineTotals).toEqual([50_00, 5_00])
    expect(totals.totalAmount).toBe(55_00)
    expect(totals.totalPayment).toBe(20_00)
    expect(totals.shortage).toBe(35_00)
    expect(totals.dueDate).toBe('2026-12-01T10:00:00.000Z')
    expect(totals.earliestDueDate).toBe('2026-12-01T10:00:00.000Z')
    expect(totals.availableAmount).toBe(60_000)
    expect(totals.overLimitBy).toBe(0)
  })

  it('gives back the saved shortage of the order being edited, only for the same company', () => {
    const order = { products: [{ price: 70_000, quantity: 1 }] }
    expect(subsequentTotals(order, company).overLimitBy).toBe(10_000)
    expect(subsequentTotals(order, company, { saved: { shortage: 30_000 } }).overLimitBy).toBe(0)
    expect(subsequentTotals(order, company, { saved: { shortage: 30_000 }, sameCompany: false }).overLimitBy).toBe(10_000)
  })

  it('takes the earliest due date among what is owed; a paid-up order has none of its own', () => {
    const paid = subsequentTotals(
      { date: '2026-11-01T00:00:00.000Z', products: [{ price: 100, quantity: 1 }], payments: [{ paymentAmount: 100 }] },
      company,
      { otherDueDates: ['2026-12-15T00:00:00.000Z', '2026-11-20T00:00:00.000Z'] }
    )
    expect(paid.shortage).toBe(0)
    expect(paid.earliestDueDate).toBe('2026-11-20T00:00:00.000Z')
    expect(subsequentTotals({ products: [] }).earliestDueDate).toBeNull()
    expect(subsequentDueDate('not a date', 3)).toBeNull()
  })

  it('keeps amount = payments + shortage − overpaid and each line as multiplyCents rounds it', () => {
    const line = fc.record({
      price: fc.integer({ min: 0, max: 10_000_000 }),
      quantity: fc.integer({ min: 1, max: 100_000 }).map((q) => q / 100)
    })
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 10 }),
        (products, paid) => {
          const totals = subsequentTotals({ products, payments: paid.map((paymentAmount) => ({ paymentAmount })) }, company)
          expect(totals.lineTotals).toEqual(products.map((item) => multiplyCents(item.price, item.quantity)))
          expect(totals.totalAmount).toBe(totals.lineTotals.reduce((a, b) => a + b, 0))
          expect(totals.totalAmount).toBe(totals.totalPayment + totals.shortage - totals.overpaid)
          expect(Math.min(totals.shortage, totals.overpaid)).toBe(0)
          expect(totals.overLimitBy).toBe(Math.max(0, totals.shortage - 60_000))
        }
      )
    )
  })
})
