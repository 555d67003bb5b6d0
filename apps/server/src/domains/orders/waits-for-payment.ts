import type { OrderRow } from './order-rows'

/**
 * Whether an order still waits for its money (decision 0109): an unpaid one, or an online order the
 * shop is already preparing while a bank transfer awaits confirmation or cash is due at pick-up
 * (`prepare` with less paid than its total; `amount` is net of refunds, so refunds are added back).
 * Such an order takes payments as an unpaid one does, and can only be voided.
 */
export const waitsForPayment = (order: Pick<OrderRow, 'status' | 'amount' | 'refund' | 'total'>) =>
  order.status === 'unpaid' || (order.status === 'prepare' && (order.amount ?? 0) + (order.refund ?? 0) < (order.total ?? 0))
