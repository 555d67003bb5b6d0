import { refundableStatuses, type Order, type OrderStatus } from '@emporia/shared'
import { leftOf } from '../../../components/refund/refund-lines'

/*
 * Finding the order to refund at the till (decision 0142), as pure rules: what a typed or
 * scanned code names, and whether the order found can still be refunded here.
 */

/** An order id is at most this long (the order schema's `orderId`). */
const MAX_ORDER_ID = 64

/**
 * The order id a cashier typed or a keyboard-wedge scanner sent: the receipt's QR holds the order id
 * (or, should a shop print one, a link whose `orderId` parameter or last path segment is the id).
 * Control characters a scanner adds (CR, tab, GS) and surrounding spaces are dropped; nothing usable
 * answers null, and so does anything longer than an order id may be.
 */
export const orderIdOfScan = (text: string): string | null => {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  if (!clean) return null
  let id = clean
  if (/^https?:\/\//i.test(clean)) {
    try {
      const url = new URL(clean)
      const param = url.searchParams.get('orderId')
      const segment = url.pathname.split('/').filter(Boolean).pop()
      id = (param ?? (segment ? decodeURIComponent(segment) : '')).trim()
    } catch {
      return null
    }
  }
  return id && id.length <= MAX_ORDER_ID ? id : null
}

export type RefundState = 'refundable' | 'refunded' | 'nothingLeft' | 'notRefundable'

/** Whether an order can be refunded: already fully refunded, every unit back, never paid (or void), or yes. */
export const refundStateOf = (order: Pick<Order, 'status' | 'products'>): RefundState => {
  if (order.status === 'refunded') return 'refunded'
  if (!refundableStatuses.includes(order.status as OrderStatus)) return 'notRefundable'
  if (leftOf(order.products).every((units) => units === 0)) return 'nothingLeft'
  return 'refundable'
}

/** The message key telling the cashier why an order cannot be refunded (null: it can). */
export const refusalKeyOf = (state: RefundState) => (state === 'refundable' ? null : (`posRefund.${state}` as const))
