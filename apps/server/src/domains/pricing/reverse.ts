import type { Knex } from 'knex'
import type { OrderPricing } from '@emporia/shared'
import { releaseCoupons } from './loyalty'
import { releaseRuleLimits } from './rule-limits'
import { returnBudget } from './staff-budget'

interface PricedOrderRow {
  _id: string
  pricing?: OrderPricing | null
}

/**
 * Undoes what pricing took, for the refunded share (decision 0092), in the refund's or void's own
 * transaction: the coupons and the limited rules' uses (decision 0186) once the whole order is refunded
 * or voided, and the staff's budget. (Points
 * are the points module's: its reverseOrderPoints is called beside this.) Answers the order's pricing
 * with what has been given back, to store with the order.
 */
export const reversePricing = async (
  trx: Knex.Transaction,
  shop: string,
  order: PricedOrderRow,
  /** Cents this refund gives back, refunded before it, and paid in all; `whole`: nothing stays paid (or a void). */
  refund: { amount: number; before: number; paid: number; whole: boolean }
): Promise<OrderPricing | null> => {
  const { amount, before, paid, whole } = refund
  if (whole) {
    await releaseCoupons(trx, shop, order._id)
    await releaseRuleLimits(trx, shop, order.pricing)
  }
  const pricing = order.pricing
  if (!pricing?.manual) return pricing ?? null
  // The budget's share is cumulative, so that several partial refunds add up exactly.
  const share = whole ? 'all' : { numerator: before + amount, denominator: paid }
  return { ...pricing, manual: await returnBudget(trx, shop, pricing.manual, share) }
}
