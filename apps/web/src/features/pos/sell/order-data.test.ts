import { describe, expect, it } from 'vitest'
import { cartReducer, emptyCart } from './cart-store'
import { drawerOpensAfter, orderDataOf } from './order-data'

describe('orderDataOf', () => {
  it('sends goods and payments, never totals; a price only from a label', () => {
    let state = cartReducer(emptyCart(), { type: 'new', clientId: 'client-123456' })
    state = cartReducer(state, { type: 'add', line: { product: 'a', name: 'A', price: 500, quantity: 2, weighted: false } })
    state = cartReducer(state, {
      type: 'add',
      line: { product: 'b', sku: 's', name: 'B', price: 300, quantity: 1, weighted: false }
    })
    state = cartReducer(state, {
      type: 'add',
      line: { product: 'c', name: 'C', price: 990, quantity: 1, weighted: false, fixedPrice: true }
    })
    state = cartReducer(state, { type: 'member', member: { _id: 'm1', name: 'Mia' } })
    const data = orderDataOf(state, { cashier: 'k1', warehouse: 'w1' }, [{ method: 'cash', amount: 2_290, received: 3_000 }])
    expect(data).toEqual({
      source: 'pos',
      idempotencyKey: 'client-123456',
      products: [
        { product: 'a', quantity: 2 },
        { product: 'b', sku: 's', quantity: 1 },
        { product: 'c', quantity: 1, price: 990 }
      ],
      cashier: 'k1',
      warehouse: 'w1',
      user: 'm1',
      payments: [{ method: 'cash', amount: 2_290, received: 3_000 }]
    })
    expect(JSON.stringify(data)).not.toMatch(/total|subtotal/)
    expect(data).not.toHaveProperty('ageConfirmed')
  })

  it('carries the age confirmation the cashier gave when the first restricted product was added (decision 0196)', () => {
    let state = cartReducer(emptyCart(), { type: 'new', clientId: 'client-age' })
    state = cartReducer(state, { type: 'ageConfirmed' })
    state = cartReducer(state, {
      type: 'add',
      line: { product: 'wine', name: 'Wine', price: 9_900, quantity: 1, weighted: false }
    })
    expect(orderDataOf(state, { cashier: null, warehouse: null }, [])).toMatchObject({ ageConfirmed: true })
  })
})

describe('drawerOpensAfter', () => {
  const cash = [{ method: 'cash', amount: 100 }]
  const card = [{ method: 'credit', amount: 100 }]
  it('follows the cashier: never, on cash sales, on any sale; on zero only when asked', () => {
    expect(drawerOpensAfter(null, cash, 100)).toBe(false)
    expect(drawerOpensAfter({ cashDrawer: 'none' }, cash, 100)).toBe(false)
    expect(drawerOpensAfter({ cashDrawer: 'cash' }, cash, 100)).toBe(true)
    expect(drawerOpensAfter({ cashDrawer: 'cash' }, card, 100)).toBe(false)
    expect(drawerOpensAfter({ cashDrawer: 'any' }, card, 100)).toBe(true)
    expect(drawerOpensAfter({ cashDrawer: 'any' }, cash, 0)).toBe(false)
    expect(drawerOpensAfter({ cashDrawer: 'any', cashDrawerZeroOpen: true }, cash, 0)).toBe(true)
  })
})

describe('drawerOpenOf', () => {
  it('follows the own drawer when it has a count, else the shop drawer', async () => {
    const { drawerOpenOf } = await import('./drawer-state')
    expect(drawerOpenOf({ type: 'beginCheck' }, { type: 'endCheck' })).toBe(true)
    expect(drawerOpenOf({ type: 'endCheck' }, { type: 'beginCheck' })).toBe(false)
    expect(drawerOpenOf(undefined, { type: 'beginCheck' })).toBe(true)
    expect(drawerOpenOf(undefined, undefined)).toBe(false)
  })
})
