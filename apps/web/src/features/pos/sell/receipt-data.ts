import { lineTitle, type Order, type OrderPaymentInput } from '@emporia/shared'
import { formatMoney } from '../../../lib/format/money'
import type { ReceiptData } from '../../../lib/pos-hardware/types'

/*
 * The receipt of a sale (spec §3.11 Invoice; decision 0098), from the server's order (its orderId, prices
 * and totals as priced there) and the payments the till sent (cash received and change).
 */

export interface ReceiptContext {
  shopName: string
  header?: string
  footer?: string
  address?: string
  email?: string
  phone?: string
  /** The member's points balance after the sale. */
  pointsUsable?: number
  /** Print the order id as a QR (the shop's posInvoiceQr). */
  qr?: boolean
  cashier?: string
  staff?: string
  customer?: string
  text: (value: unknown) => string
  labels: Record<string, string>
  methodName: (payment: OrderPaymentInput) => string
}

/** Points the order earned by its rules, all point types together; none → left off the receipt. */
const pointsEarned = (order: Order) => {
  const points = (order.pricing?.applied ?? []).reduce((sum, rule) => sum + (rule.pointsEarned?.points ?? 0), 0)
  return points || undefined
}

export const receiptOf = (order: Order, payments: OrderPaymentInput[], context: ReceiptContext): ReceiptData => {
  const cash = payments.find((payment) => payment.method === 'cash')
  return {
    shopName: context.shopName,
    header: context.header,
    footer: context.footer,
    address: context.address,
    email: context.email,
    phone: context.phone,
    orderNo: order.orderId,
    orderId: order._id,
    invoiceNo: order.orderId,
    time: order.date,
    couponId: order.coupons?.join(', ') || undefined,
    cashier: context.cashier,
    staff: context.staff,
    customer: context.customer,
    lines: order.products.map((line, index) => ({
      name: lineTitle(line, context.text),
      quantity: line.quantity,
      unitPrice: formatMoney(line.price ?? 0),
      discount: order.pricing?.lines[index]?.discount ? formatMoney(order.pricing.lines[index].discount) : undefined,
      amount: formatMoney(line.total ?? 0)
    })),
    subtotal: formatMoney(order.subtotal ?? 0),
    discount: order.discount ? formatMoney(order.discount) : undefined,
    total: formatMoney(order.total ?? 0),
    payments: payments.map((payment) => ({ method: context.methodName(payment), amount: formatMoney(payment.amount) })),
    cashReceived: cash?.received !== undefined ? formatMoney(cash.received) : undefined,
    change: cash?.received !== undefined ? formatMoney(cash.received - cash.amount) : undefined,
    pointsEarned: pointsEarned(order),
    pointsUsable: context.pointsUsable,
    qr: context.qr ? order.orderId : undefined,
    labels: context.labels
  }
}
