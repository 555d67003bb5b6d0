// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { Order } from '@emporia/shared'
import { peopleNamesOf } from '../staff-names'
import { encodeReceipt } from './receipt'
import { receiptLayout } from './receipt-layout'
import { formatReceiptTime, receiptOf, type ReceiptContext } from './receipt-order'

const stationId = 'c'.repeat(23) + '1'
const staffId = 'd'.repeat(18) + 'dd760a'

// A sale at 22:13 in Hong Kong, stored as its UTC instant.
const order = {
  _id: 'a'.repeat(24),
  orderId: 'P-000042',
  date: '2026-11-28T14:13:51.276Z',
  admin: staffId,
  cashier: stationId,
  products: [{ product: 'b'.repeat(24), name: { en: 'Green tea' }, price: 1250, quantity: 2, total: 2500 }],
  subtotal: 2500,
  discount: 0,
  rounding: -3,
  total: 2497
} as unknown as Order

const names = peopleNamesOf(
  { members: [{ user: staffId, name: 'Amy Chan' }], cashiers: [{ _id: stationId, name: 'Front till' }], cashiersKnown: true },
  { formerStaff: 'Former staff', formerCashier: 'Former cashier', cashier: 'POS cashier' }
)

const context = (more: Partial<ReceiptContext> = {}): ReceiptContext => ({
  shopName: 'Tea House',
  timeZone: 'Asia/Hong_Kong',
  printedAt: new Date('2026-11-28T16:05:00.000Z'),
  cashier: names.cashier(order.cashier),
  staff: names.staff(order.admin),
  text: (value) => (value as { en: string }).en,
  labels: {},
  methodName: (payment) => payment.method,
  ...more
})

const rows = (receipt: ReturnType<typeof receiptOf>) =>
  receiptLayout(receipt, 32, 'normal').flatMap((block) => (block.kind === 'row' ? [block.text] : []))

describe('formatReceiptTime (decision 0141)', () => {
  it("prints a UTC instant as the wall clock of the shop's time zone", () => {
    expect(formatReceiptTime('2026-11-28T14:13:51.276Z', 'Asia/Hong_Kong')).toBe('2026-11-28 22:13')
    expect(formatReceiptTime('2026-11-28T14:13:51.276Z', 'Europe/London')).toBe('2026-11-28 14:13')
    // Past midnight in the shop: the shop's date, not UTC's.
    expect(formatReceiptTime('2026-11-28T16:30:00.000Z', 'Asia/Hong_Kong')).toBe('2026-11-29 00:30')
  })

  it("falls back to the device's zone without one or with one it does not know; nothing for no date", () => {
    const device = formatReceiptTime('2026-11-28T14:13:51.276Z')
    expect(device).toMatch(/^2026-11-2[89] \d\d:13$/)
    expect(formatReceiptTime('2026-11-28T14:13:51.276Z', 'Mars/Olympus')).toBe(device)
    expect(formatReceiptTime(undefined, 'Asia/Hong_Kong')).toBe('')
    expect(formatReceiptTime('not a date', 'Asia/Hong_Kong')).toBe('')
  })
})

describe('the receipt of an order (spec §3.11 Invoice (POS receipt))', () => {
  it('prints the local time, the issue time, and the staff and the station by name, never their ids', () => {
    const receipt = receiptOf(order, [{ method: 'cash', amount: 2497, received: 3000 }], context())
    expect(receipt).toMatchObject({
      time: '2026-11-28 22:13',
      issueTime: '2026-11-29 00:05',
      cashier: 'Front till',
      staff: 'Amy Chan',
      cashReceived: '$30.00',
      change: '$5.03'
    })
    const printed = new TextDecoder().decode(
      encodeReceipt(receipt, { language: 'esc-pos', columns: 42, cjk: 'gb18030', invoiceType: 'normal' })
    )
    for (const text of ['2026-11-28 22:13', 'Front till', 'Amy Chan', 'Issued at']) expect(printed, text).toContain(text)
    expect(printed).not.toContain('T14:13')
    expect(printed).not.toContain('dd760a')
    expect(printed).not.toContain(stationId)
  })

  it('prints the total before the rounding and the adjusted total after it; no adjusted total without rounding', () => {
    const rounded = receiptOf(order, [], context())
    expect([rounded.total, rounded.adjustedTotal]).toEqual(['$25.00', '$24.97'])
    const plain = receiptOf({ ...order, rounding: 0, total: 2500 }, [], context())
    expect([plain.total, plain.adjustedTotal]).toEqual(['$25.00', undefined])
  })

  it('prints its own words in the labels given (cht)', () => {
    const receipt = receiptOf(
      order,
      [],
      context({ labels: { time: '時間', cashier: '收銀員', staff: '職員', issueTime: '發出時間', adjustedTotal: '調整後總計' } })
    )
    const lines = rows(receipt)
    expect(lines.find((line) => line.startsWith('時間'))).toMatch(/2026-11-28 22:13$/)
    expect(lines.find((line) => line.startsWith('收銀員'))).toMatch(/Front till$/)
    expect(lines.find((line) => line.startsWith('職員'))).toMatch(/Amy Chan$/)
    expect(lines.find((line) => line.startsWith('發出時間'))).toMatch(/2026-11-29 00:05$/)
    expect(lines.find((line) => line.startsWith('調整後總計'))).toMatch(/\$24\.97$/)
    expect(lines.some((line) => line.startsWith('Time'))).toBe(false)
  })

  it('leaves out a name nobody gave rather than printing an id', () => {
    const receipt = receiptOf(order, [], context({ cashier: '', staff: undefined }))
    expect(receipt.cashier).toBeUndefined()
    expect(receipt.staff).toBeUndefined()
    expect(rows(receipt).join('\n')).not.toContain(stationId)
  })
})
