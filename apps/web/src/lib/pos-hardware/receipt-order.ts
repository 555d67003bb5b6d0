import { formatQuantity, lineTitle, type Order, type OrderPaymentInput, type WeightUnit } from '@emporia/shared'
import { formatMoney } from '../format/money'
import type { ReceiptData } from './types'

/*
 * The receipt of an order (spec §3.11 Invoice (POS receipt); decisions 0098, 0141), from the server's
 * order (its orderId, prices and totals as priced there) and its payments (cash received and change).
 * Pure: the caller resolves every name (staff, station, customer) and the texts of the receipt's
 * language, so nothing here prints an id where a person reads a name.
 */

export interface ReceiptContext {
  shopName: string
  posCode?: string
  header?: string
  footer?: string
  footerDomain?: string
  appLink?: string
  productLink?: string
  address?: string
  email?: string
  phone?: string
  /** The member's points balance after the sale. */
  pointsUsable?: number
  /** Print the order id as a QR (the shop's posInvoiceQr). */
  qr?: boolean
  /** The POS station's name (the `shop/cashiers` record of `order.cashier`), never its id. */
  cashier?: string
  /** The staff member's name (`order.admin`, who took the order), never their id. */
  staff?: string
  customer?: string
  /** The shop's time zone (`shop.timeZone`); none or unknown: the device's. */
  timeZone?: string | null
  /** When the receipt is printed (its issue time); now when not given. */
  printedAt?: Date
  text: (value: unknown) => string
  /** A weight unit's name in the receipt's language ("斤"); without it the unit is printed as stored. */
  unitName?: (unit: WeightUnit) => string
  labels: Record<string, string>
  methodName: (payment: OrderPaymentInput) => string
}

const zoned = (timeZone: string | null | undefined) => {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23'
  }
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timeZone || undefined })
  } catch {
    // A zone this browser does not know: the device's own.
    return new Intl.DateTimeFormat('en-GB', options)
  }
}

/**
 * A moment as the receipt prints it (decision 0141): `2026-11-28 22:13`, the wall clock of the shop's
 * time zone (the device's without one), in the same numeric form in every language: it reads the same
 * in en, cht and chs and fits a 32-column slip. Empty for a missing or unreadable value.
 */
export const formatReceiptTime = (value: string | Date | undefined | null, timeZone?: string | null): string => {
  if (!value) return ''
  const at = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(at.getTime())) return ''
  const parts = Object.fromEntries(
    zoned(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value])
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

/** Points the order earned by its rules, all point types together; none → left off the receipt. */
const pointsEarned = (order: Order) => {
  const points = (order.pricing?.applied ?? []).reduce((sum, rule) => sum + (rule.pointsEarned?.points ?? 0), 0)
  return points || undefined
}

export const receiptOf = (order: Order, payments: OrderPaymentInput[], context: ReceiptContext): ReceiptData => {
  const cash = payments.find((payment) => payment.method === 'cash' && typeof payment.received === 'number')
  // The shop's rounding (decision 0079) adjusts the total: both are printed, the adjusted one is paid.
  const rounded = Boolean(order.rounding)
  return {
    shopName: context.shopName,
    posCode: context.posCode || undefined,
    header: context.header,
    footer: context.footer,
    footerDomain: context.footerDomain || undefined,
    appLink: context.appLink || undefined,
    productLink: context.productLink || undefined,
    address: context.address,
    email: context.email,
    phone: context.phone,
    orderNo: order.orderId,
    orderId: order._id,
    invoiceNo: order.orderId,
    time: formatReceiptTime(order.date, context.timeZone),
    issueTime: formatReceiptTime(context.printedAt ?? new Date(), context.timeZone),
    couponId: order.coupons?.join(', ') || undefined,
    cashier: context.cashier || undefined,
    staff: context.staff || undefined,
    customer: context.customer || undefined,
    lines: order.products.map((line, index) => ({
      name: lineTitle(line, context.text),
      // Weighed goods with their unit (decision 0162): "0.35 斤 x $80.00".
      quantity: formatQuantity(line.quantity, line.unit, context.unitName ?? ((unit) => unit)),
      unitPrice: formatMoney(line.price ?? 0),
      discount: order.pricing?.lines[index]?.discount ? formatMoney(order.pricing.lines[index].discount) : undefined,
      amount: formatMoney(line.total ?? 0)
    })),
    subtotal: formatMoney(order.subtotal ?? 0),
    discount: order.discount ? formatMoney(order.discount) : undefined,
    total: formatMoney((order.total ?? 0) - (order.rounding ?? 0)),
    adjustedTotal: rounded ? formatMoney(order.total ?? 0) : undefined,
    payments: payments.map((payment) => ({ method: context.methodName(payment), amount: formatMoney(payment.amount) })),
    cashReceived: cash?.received != null ? formatMoney(cash.received) : undefined,
    change: cash?.received != null ? formatMoney(cash.received - cash.amount) : undefined,
    pointsEarned: pointsEarned(order),
    pointsUsable: context.pointsUsable,
    qr: context.qr ? order.orderId : undefined,
    labels: context.labels
  }
}
