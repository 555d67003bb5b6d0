import { describe, expect, it } from 'vitest'
import { orderIdOfScan, refundStateOf, refusalKeyOf } from './order-lookup'

const line = (quantity: number, returned?: number) =>
  ({ product: 'p', quantity, price: 100, ...(returned === undefined ? {} : { returned }) }) as never

describe('orderIdOfScan', () => {
  it('takes a typed id as it is, without surrounding spaces', () => {
    expect(orderIdOfScan('  S20261128-0007 ')).toBe('S20261128-0007')
    expect(orderIdOfScan('000123')).toBe('000123')
  })

  it("drops the control characters a scanner sends around the receipt's QR", () => {
    expect(orderIdOfScan('\u001d000123\r\n')).toBe('000123')
    expect(orderIdOfScan('\t000123\t')).toBe('000123')
  })

  it('reads the id out of a link: its orderId parameter, else its last path segment', () => {
    expect(orderIdOfScan('https://shop.example/receipt?orderId=A%20001&x=1')).toBe('A 001')
    expect(orderIdOfScan('https://shop.example/orders/000123/')).toBe('000123')
    expect(orderIdOfScan('http://shop.example/')).toBeNull()
  })

  it('answers null for nothing usable or something longer than an order id', () => {
    expect(orderIdOfScan('')).toBeNull()
    expect(orderIdOfScan(' \r\n')).toBeNull()
    expect(orderIdOfScan('x'.repeat(65))).toBeNull()
    expect(orderIdOfScan('x'.repeat(64))).toBe('x'.repeat(64))
  })
})

describe('refundStateOf', () => {
  it('refuses an order already refunded, one never paid or void, and one with every unit back', () => {
    expect(refundStateOf({ status: 'refunded', products: [line(2, 2)] })).toBe('refunded')
    expect(refundStateOf({ status: 'unpaid', products: [line(2)] })).toBe('notRefundable')
    expect(refundStateOf({ status: 'void', products: [line(2)] })).toBe('notRefundable')
    expect(refundStateOf({ status: 'paid', products: [line(2, 2), line(1, 1)] })).toBe('nothingLeft')
  })

  it('lets a paid order with something left be refunded, a partly refunded one too', () => {
    expect(refundStateOf({ status: 'paid', products: [line(2, 1)] })).toBe('refundable')
    expect(refundStateOf({ status: 'done', products: [line(0.25)] })).toBe('refundable')
  })

  it('names the message of each refusal', () => {
    expect(refusalKeyOf('refundable')).toBeNull()
    expect(refusalKeyOf('refunded')).toBe('posRefund.refunded')
    expect(refusalKeyOf('nothingLeft')).toBe('posRefund.nothingLeft')
    expect(refusalKeyOf('notRefundable')).toBe('posRefund.notRefundable')
  })
})
