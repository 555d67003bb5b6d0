import type { AccountingDoc, ContactDoc, DocLine } from './provider'

/*
 * What is pushed for each of our records (decision 0197), as pure rules. Prices are tax-inclusive, as
 * the shop sells (Hong Kong has no sales tax: the tax type is the connection's, `NONE` unless chosen).
 * An invoice's total is always our order's total, to the cent: the goods' lines as sold, the delivery
 * fee, then one line for whatever the order took off or rounded (discounts, coupons, points, rounding).
 */

type Text = string | Record<string, string | undefined> | null | undefined

export interface OrderForBooks {
  _id: string
  orderId: string
  date: Date | string
  total: number | null
  amount: number | null
  products: { name?: Text; productName?: Text; skuName?: Text; price?: number; quantity: number; total?: number }[]
  shipping?: { fee?: number; name?: Text } | null
}

export interface RefundForBooks {
  _id: string
  amount: number
  date: Date | string
}

export interface BookSettings {
  salesAccount: string
  defaultContact: string
  taxType: string
}

const textOf = (value: Text) =>
  typeof value === 'string'
    ? value
    : value
      ? (value.en ?? value.cht ?? value.chs ?? Object.values(value).find(Boolean) ?? '')
      : ''

export const dayOf = (date: Date | string) => new Date(date).toISOString().slice(0, 10)

const line = (
  settings: BookSettings,
  description: string,
  quantity: number,
  unitAmount: number,
  lineAmount: number
): DocLine => ({
  description: description.slice(0, 4000) || '—',
  quantity,
  unitAmount,
  lineAmount,
  accountCode: settings.salesAccount,
  taxType: settings.taxType
})

/** A paid order as an invoice: numbered with the order's number, our id in its reference. */
export const invoiceOf = (order: OrderForBooks, settings: BookSettings): AccountingDoc => {
  const lines = order.products.map((item) => {
    const name = [textOf(item.productName ?? item.name), textOf(item.skuName)].filter(Boolean).join(' ')
    const amount = item.total ?? Math.round((item.price ?? 0) * item.quantity)
    return line(settings, name, item.quantity, item.price ?? 0, amount)
  })
  const fee = order.shipping?.fee ?? 0
  if (fee) lines.push(line(settings, textOf(order.shipping?.name) || 'Delivery', 1, fee, fee))
  const total = order.total ?? 0
  const rest = total - lines.reduce((sum, item) => sum + item.lineAmount, 0)
  if (rest) lines.push(line(settings, 'Discounts and rounding', 1, rest, rest))
  return {
    number: order.orderId,
    reference: order._id,
    date: dayOf(order.date),
    contactId: settings.defaultContact,
    lines,
    total
  }
}

/** A refund (one refund payment) as a credit note against the order's customer, for what was given back. */
export const creditNoteOf = (
  order: Pick<OrderForBooks, 'orderId'>,
  refund: RefundForBooks,
  settings: BookSettings
): AccountingDoc => {
  const amount = Math.abs(refund.amount)
  return {
    number: `${order.orderId}-CN-${refund._id.slice(-6)}`,
    reference: refund._id,
    date: dayOf(refund.date),
    contactId: settings.defaultContact,
    lines: [line(settings, `Refund of order ${order.orderId}`, 1, amount, amount)],
    total: amount
  }
}

/** A company user (a B2B customer) as a contact, numbered with our id. */
export const contactOf = (company: { _id: string; name: string; email?: string | null }): ContactDoc => ({
  number: company._id,
  name: company.name,
  email: company.email ?? null
})

/** What the invoice's payment is: what was paid, never more than the total (change stays in the till). */
export const paidOf = (order: Pick<OrderForBooks, 'total' | 'amount'>) => Math.min(order.amount ?? 0, order.total ?? 0)
