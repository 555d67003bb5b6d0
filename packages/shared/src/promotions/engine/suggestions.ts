import type { Discount } from '../discount.schema'
import type { Suggestion } from '../engine-types'
import { percentOf, reason, type Miss, type Scope } from './work'

/**
 * What a rule would take off once its threshold is met, counted low so the promise holds: the fixed
 * amount, or the percentage of the threshold amount (or of the goods, if more), capped by maxDiscount.
 * Kinds whose gain depends on goods not yet in the cart give none, and so suggest nothing.
 */
const gainOnceMet = (rule: Discount, scope: Scope): number => {
  const cap = rule.maxDiscount ?? Infinity
  switch (rule.type) {
    case 'fixed':
    case 'bundleOff':
      return Math.min(rule.fixedDiscount ?? 0, cap)
    case 'percentage':
      return Math.min(
        percentOf(Math.min(Math.max(scope.amount, rule.minPrice ?? 0), rule.maxPrice ?? Infinity), rule.percentageDiscount),
        cap
      )
    case 'advanced':
      return Math.min(rule.member?.fixedDiscount ?? 0, rule.member?.maxDiscount ?? Infinity, cap)
    default:
      return 0
  }
}

/** "Add $X to get $Y off" (or "Add N more items ...") for a suggest rule that missed only a threshold. */
export const suggestionFor = (rule: Discount, scope: Scope, missed: Miss): Suggestion | null => {
  if (missed.spend == null && missed.addQuantity == null) return null
  const gain = gainOnceMet(rule, scope)
  if (gain <= 0) return null
  const message =
    missed.spend != null
      ? reason('discount.suggest.spend', { spend: missed.spend, gain })
      : reason('discount.suggest.quantity', { quantity: missed.addQuantity ?? 0, gain })
  return {
    rule: rule._id,
    ...(missed.spend != null ? { spend: missed.spend } : {}),
    ...(missed.addQuantity != null ? { addQuantity: missed.addQuantity } : {}),
    gain,
    message
  }
}
