import { describe, expect, it } from 'vitest'
import { orderStatuses, orderTransitions } from '@emporia/shared'
import { changeFor, extraMethodNames, orderActions, orderAmounts, recordableMethods } from './order-rules'

describe('an order page figures', () => {
  it('works out what is due from the total, what is paid and what was given back', () => {
    expect(orderAmounts({ status: 'unpaid', total: 12345, amount: 0 }).due).toBe(12345)
    expect(orderAmounts({ status: 'unpaid', total: 12345, amount: 5000 }).due).toBe(7345)
    // Paid 100, refunded 30: paid is net of the refund, nothing is due.
    expect(orderAmounts({ status: 'paid', total: 10000, amount: 7000, refund: 3000 })).toMatchObject({
      paid: 7000,
      refunded: 3000,
      due: 0
    })
    expect(orderAmounts({ status: 'void', total: 10000, amount: 0 }).due).toBe(0)
    expect(orderAmounts({}).total).toBe(0)
  })
})

describe('an order page buttons', () => {
  it('offers only the moves of the order transitions, void apart', () => {
    for (const status of orderStatuses) {
      const actions = orderActions({ status, total: 100, amount: status === 'unpaid' ? 0 : 100 })
      expect(actions.moves, status).toEqual(orderTransitions[status].filter((to) => to !== 'void'))
      expect(actions.canVoid, status).toBe(orderTransitions[status].includes('void'))
    }
  })

  it('offers payment while money is due, refund once money was taken, split of an unpaid order with units to spare', () => {
    const two = [{ quantity: 2 }]
    expect(orderActions({ status: 'unpaid', total: 100, amount: 0, products: two })).toMatchObject({
      canPay: true,
      canRefund: false,
      canSplit: true
    })
    // One unit: nothing would stay behind.
    expect(orderActions({ status: 'unpaid', total: 100, amount: 0, products: [{ quantity: 1 }] }).canSplit).toBe(false)
    expect(orderActions({ status: 'paid', total: 100, amount: 100, products: two })).toMatchObject({
      canPay: false,
      canRefund: true,
      canSplit: false
    })
    expect(orderActions({ status: 'shipped', total: 100, amount: 100 })).toMatchObject({ canRefund: true, canSplit: false })
    // Everything given back already: nothing left to refund.
    expect(orderActions({ status: 'done', total: 100, amount: 0, refund: 100 }).canRefund).toBe(false)
    expect(orderActions({ status: 'void', total: 100, amount: 0 })).toMatchObject({
      canPay: false,
      canRefund: false,
      canSplit: false
    })
  })

  it('offers a replacement for a paid order that nothing replaces yet (spec §4.8)', () => {
    expect(orderActions({ status: 'paid', total: 100, amount: 100 }).canReplace).toBe(true)
    expect(orderActions({ status: 'refunded', total: 100, amount: 0, refund: 100 }).canReplace).toBe(true)
    expect(orderActions({ status: 'unpaid', total: 100, amount: 0 }).canReplace).toBe(false)
    expect(orderActions({ status: 'void', total: 100, amount: 0 }).canReplace).toBe(false)
    expect(orderActions({ status: 'done', total: 100, amount: 100, replacedBy: 'b'.repeat(24) }).canReplace).toBe(false)
  })
})

describe('payment methods a merchant records', () => {
  it('reads the shop own POS methods defensively', () => {
    expect(
      extraMethodNames({ posExtraPaymentMethods: [{ name: 'Octopus' }, { name: 'Octopus' }, 'Alipay', { name: ' ' }, 3] })
    ).toEqual(['Octopus', 'Alipay'])
    expect(extraMethodNames({ posExtraPaymentMethods: null })).toEqual([])
    expect(extraMethodNames(undefined)).toEqual([])
  })

  it('offers the POS method with named methods and bank transfer only when the shop takes transfers', () => {
    expect(recordableMethods({})).toEqual(['cash', 'credit'])
    expect(
      recordableMethods({ posExtraPaymentMethods: [{ name: 'Octopus' }], bankTransfer: { enabled: true, accounts: [] } })
    ).toEqual(['cash', 'pos', 'bank', 'credit'])
    expect(recordableMethods({ bankTransfer: { enabled: false, accounts: [] } })).toEqual(['cash', 'credit'])
  })

  it('gives change only for what was tendered beyond the amount', () => {
    expect(changeFor(20000, 12345)).toBe(7655)
    expect(changeFor(12345, 12345)).toBe(0)
    expect(changeFor(10000, 12345)).toBe(0)
    expect(changeFor('200', 12345)).toBeUndefined()
    expect(changeFor(null, 12345)).toBeUndefined()
  })
})
