import { describe, expect, it } from 'vitest'
import { centsOf, dayToIso, isOverdue, prepareOrder, quantityOf } from './order-values'

describe('the subsequent order editor values', () => {
  it('sends lines and payments with only their schema keys, days as moments, blanks as none', () => {
    const data = prepareOrder(
      {
        user: 'c'.repeat(24),
        date: '2026-11-20',
        address: '',
        products: [{ product: 'p'.repeat(24), sku: '', price: 1250, quantity: 4, warehouse: '', total: 5000 }],
        payments: [{ paymentMethod: 'cash', paymentDate: '2026-11-21', paymentAmount: 3000, remarks: '' }],
        overrideLimit: false
      },
      undefined
    )
    expect(data).toEqual({
      user: 'c'.repeat(24),
      date: dayToIso('2026-11-20'),
      address: null,
      remarks: null,
      warehouse: null,
      status: null,
      products: [{ product: 'p'.repeat(24), price: 1250, quantity: 4, warehouse: null }],
      payments: [{ paymentMethod: 'cash', paymentDate: dayToIso('2026-11-21'), paymentAmount: 3000, remarks: null }]
    })
    expect(dayToIso('2026-11-20')).toMatch(/^2026-11-(19|20)T/)
  })

  it('editing, sends only what changed: a payment added to a locked order leaves its lines alone', () => {
    const record = {
      _id: 'o'.repeat(24),
      user: 'c'.repeat(24),
      date: '2026-11-20T00:00:00.000Z',
      address: null,
      remarks: null,
      warehouse: null,
      status: 's'.repeat(24),
      products: [{ product: 'p'.repeat(24), price: 1250, quantity: 4, warehouse: null }],
      payments: []
    }
    const payment = { paymentMethod: 'bank', paymentDate: '2026-11-25T00:00:00.000Z', paymentAmount: 100, remarks: null }
    const data = prepareOrder({ ...record, products: [{ ...record.products[0], total: 5000 }], payments: [payment] }, record)
    expect(data).toEqual({ payments: [payment] })
  })

  it('reads money and quantities as typed, and tells an overdue order', () => {
    expect(centsOf('12.5')).toBe(1250)
    expect(centsOf('2*3')).toBe(600)
    expect(centsOf(799)).toBe(799)
    expect(centsOf('abc')).toBe(0)
    expect(quantityOf('3')).toBe(3)
    expect(quantityOf('-1')).toBe(0)
    const now = Date.parse('2026-11-25T00:00:00Z')
    expect(isOverdue({ shortage: 1, dueDate: '2026-11-24T00:00:00Z' }, now)).toBe(true)
    expect(isOverdue({ shortage: 0, dueDate: '2026-11-24T00:00:00Z' }, now)).toBe(false)
    expect(isOverdue({ shortage: 1, dueDate: '2026-11-26T00:00:00Z' }, now)).toBe(false)
  })
})
