import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addSubShopFigures, emptySubShopSales, emptySubShopStock, type SubShopSales, type SubShopStock } from '../src'

const cents = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 })
/** Quantities as the ledger keeps them: at most three decimals. */
const quantity = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((n) => n / 1000)
const sales = fc.record<SubShopSales>({ orders: fc.nat(100_000), gross: cents, refunds: cents, net: cents })
const stock = fc.record<SubShopStock>({ products: fc.nat(100_000), onHand: quantity, reserved: quantity, value: cents })
const row = fc.record({ sales: fc.option(sales, { nil: undefined }), stock: fc.option(stock, { nil: undefined }) })

describe('sub-shop roll-up totals (decision 0087)', () => {
  it('are the plain sums of the rows with figures, quantities exact to the thousandth, in any order', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const totals = { sales: emptySubShopSales(), stock: emptySubShopStock() }
        for (const r of rows) addSubShopFigures(totals, r)
        const withSales = rows.flatMap((r) => (r.sales ? [r.sales] : []))
        const withStock = rows.flatMap((r) => (r.stock ? [r.stock] : []))
        const sum = <T>(list: T[], pick: (t: T) => number) => list.reduce((acc, t) => acc + pick(t), 0)
        const thousandths = <T>(list: T[], pick: (t: T) => number) => sum(list, (t) => Math.round(pick(t) * 1000)) / 1000
        expect(totals.sales).toEqual({
          orders: sum(withSales, (s) => s.orders),
          gross: sum(withSales, (s) => s.gross),
          refunds: sum(withSales, (s) => s.refunds),
          net: sum(withSales, (s) => s.net)
        })
        expect(totals.stock).toEqual({
          products: sum(withStock, (s) => s.products),
          onHand: thousandths(withStock, (s) => s.onHand),
          reserved: thousandths(withStock, (s) => s.reserved),
          value: sum(withStock, (s) => s.value)
        })
        const reversed = { sales: emptySubShopSales(), stock: emptySubShopStock() }
        for (const r of [...rows].reverse()) addSubShopFigures(reversed, r)
        expect(reversed).toEqual(totals)
      })
    )
  })
})
