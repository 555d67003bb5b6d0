import { wrap } from './cjk'
import { centre, spread, type Block } from './print-text'
import type { ReceiptData } from './types'

/*
 * What a receipt says, line by line (spec §3.11 Invoice (POS receipt)). `normal` is the counter's slip:
 * one or two lines an item; `long` prints every field of each item on its own labelled line, for shops
 * whose customers claim expenses with it. Both carry every field of the spec that the order has.
 */

/** The receipt's own words, in English when the caller gives none. */
export const receiptLabelDefaults = {
  orderNo: 'Order No',
  orderId: 'Order ID',
  time: 'Time',
  cashier: 'Cashier',
  staff: 'Staff',
  customer: 'Customer',
  couponId: 'Coupon',
  code: 'Code',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  weight: 'Weight',
  discount: 'Discount',
  amount: 'Amount',
  subtotal: 'Sub total',
  total: 'Total',
  adjustedTotal: 'Adjusted total',
  cashReceived: 'Cash received',
  change: 'Change',
  invoiceNo: 'Invoice No',
  issueTime: 'Issued at',
  pointsEarned: 'Points earned',
  pointsUsable: 'Points usable',
  address: 'Address',
  email: 'E-mail',
  phone: 'Phone',
  posCode: 'Shop code',
  appLink: 'Get our app',
  productLink: 'Our products online'
}
export type ReceiptLabel = keyof typeof receiptLabelDefaults

export const receiptLayout = (data: ReceiptData, columns: number, invoiceType: 'normal' | 'long'): Block[] => {
  const label = (key: ReceiptLabel) => data.labels[key] ?? receiptLabelDefaults[key]
  const blocks: Block[] = []
  const row = (text: string, bold = false) => blocks.push({ kind: 'row', text, bold })
  const centred = (text: string | undefined, bold = false) => {
    for (const line of text ? text.split('\n').flatMap((part) => wrap(part, columns)) : []) row(centre(line, columns), bold)
  }
  const pair = (key: ReceiptLabel, value: string | number | undefined, bold = false) => {
    if (value !== undefined && value !== '') row(spread(label(key), String(value), columns), bold)
  }
  const rule = () => row('-'.repeat(columns))

  centred(data.shopName, true)
  if (data.posCode) centred(`${label('posCode')}: ${data.posCode}`)
  centred(data.header)
  if (data.address) centred(invoiceType === 'long' ? `${label('address')}: ${data.address}` : data.address)
  if (data.phone) centred(`${label('phone')}: ${data.phone}`)
  if (data.email) centred(`${label('email')}: ${data.email}`)
  rule()
  pair('orderNo', data.orderNo)
  pair('orderId', data.orderId)
  pair('time', data.time)
  pair('cashier', data.cashier)
  pair('staff', data.staff)
  pair('customer', data.customer)
  pair('couponId', data.couponId)
  rule()
  for (const line of data.lines) {
    for (const text of wrap(line.name, columns)) row(text)
    if (invoiceType === 'long') {
      pair('code', line.code)
      pair('quantity', line.quantity)
      pair('unitPrice', line.unitPrice)
      pair('weight', line.weight)
      pair('discount', line.discount)
      pair('amount', line.amount)
    } else {
      const what = [line.code, line.weight ?? `${line.quantity} x ${line.unitPrice}`].filter(Boolean).join(' ')
      row(spread(`  ${what}`, line.amount, columns))
      if (line.discount) row(spread(`  ${label('discount')}`, line.discount, columns))
    }
  }
  rule()
  pair('subtotal', data.subtotal)
  pair('discount', data.discount)
  pair('total', data.total, true)
  pair('adjustedTotal', data.adjustedTotal)
  for (const payment of data.payments) row(spread(payment.method, payment.amount, columns))
  pair('cashReceived', data.cashReceived)
  pair('change', data.change)
  if (data.invoiceNo || data.issueTime || data.pointsEarned !== undefined || data.pointsUsable !== undefined) rule()
  pair('invoiceNo', data.invoiceNo)
  pair('issueTime', data.issueTime)
  pair('pointsEarned', data.pointsEarned)
  pair('pointsUsable', data.pointsUsable)
  if (data.qr) blocks.push({ kind: 'qr', value: data.qr })
  centred(data.footer)
  centred(data.footerDomain)
  // The shop's links as QRs, each under its caption (spec §3.1 application link, product link).
  for (const key of ['appLink', 'productLink'] as const) {
    const link = data[key]
    if (!link) continue
    centred(label(key))
    blocks.push({ kind: 'qr', value: link })
  }
  return blocks
}
