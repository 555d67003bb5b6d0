import type { Knex } from 'knex'
import type { OrderPricing } from '@emporia/shared'
import { releaseCoupons, reverseOrderPoints } from './loyalty'
import { returnBudget } from './staff-budget'

interface PricedOrderRow {
  _id: string
  pricing?: OrderPricing | null
}

/**
 * Undoes the refunded share of what pricing took (decision 0092), in the refund's or void's own
 * transaction: the points (earned taken back, spent given back, by the points module's share rule),
 * the coupons once the whole order is refunded or voided, and the staff's budget. Answers the
 * order's pricing with what has been given back, to store with the order.
 */
export const reversePricing = async (
  trx: Knex.Transaction,
  shop: string,
  order: PricedOrderRow,
  /** Cents this refund gives back, refunded before it, and paid in all; `whole`: nothing stays paid (or a void). */
  refund: { amount: number; before: number; paid: number; whole: boolean }
): Promise<OrderPricing | null> => {
  const { amount, before, paid, whole } = refund
  // Points take this refund's share; a void of an unpaid order (nothing paid) gives back everything.
  if (paid > 0 && amount > 0) await reverseOrderPoints(trx, shop, order._id, { numerator: amount, denominator: paid })
  else if (whole && paid === 0) await reverseOrderPoints(trx, shop, order._id, { numerator: 1, denominator: 1 })
  if (whole) await releaseCoupons(trx, shop, order._id)
  const pricing = order.pricing
  if (!pricing?.manual) return pricing ?? null
  // The budget's share is cumulative, so that several partial refunds add up exactly.
  const share = whole ? 'all' : { numerator: before + amount, denominator: paid }
  return { ...pricing, manual: await returnBudget(trx, shop, pricing.manual, share) }
}
