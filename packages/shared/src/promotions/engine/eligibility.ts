import type { Discount, DiscountFilter } from '../discount.schema'
import type { CartLine, EvaluateContext, PresentedCoupon, RejectedRule } from '../engine-types'
import type { LocalTime } from './time-conditions'
import { timeConditionsHold } from './time-conditions'
import { type Miss, miss } from './work'

const anyIn = (list: readonly string[] | undefined, values: readonly string[] | undefined) =>
  !!list?.length && !!values?.length && values.some((value) => list.includes(value))

const hits = (filter: DiscountFilter, line: CartLine) =>
  !!filter.products?.includes(line.product) ||
  anyIn(filter.categories, line.categories) ||
  (line.brand != null && !!filter.brands?.includes(line.brand)) ||
  anyIn(filter.tags, line.tags)

const isEmpty = (filter: DiscountFilter | null | undefined) =>
  !filter || (!filter.products?.length && !filter.categories?.length && !filter.brands?.length && !filter.tags?.length)

/**
 * The goods a rule looks at: its `product` if it names one, else any line a filter names (no filter:
 * every line); then `efilter` takes out any line it names.
 */
export const ruleMatches = (rule: Discount, line: CartLine): boolean => {
  if (rule.product) {
    if (line.product !== rule.product) return false
  } else if (!isEmpty(rule.filters) && !hits(rule.filters as DiscountFilter, line)) return false
  return isEmpty(rule.efilter) || !hits(rule.efilter as DiscountFilter, line)
}

export interface Unlocks {
  /** Rules a valid presented coupon unlocks, with the coupon's code (the first by code). */
  coupons: Map<string, string>
  rejected: RejectedRule[]
}

const couponProblem = (coupon: PresentedCoupon, now: number): Miss | null => {
  if (coupon.status === 'expired' || (coupon.expiresAt && now > Date.parse(coupon.expiresAt))) return miss('coupon.expired')
  if (coupon.status !== 'valid' || (coupon.validFrom && now < Date.parse(coupon.validFrom))) return miss('coupon.notValid')
  return null
}

/** Presented coupons: expired or used ones are rejected; valid ones unlock their rule. */
export const readCoupons = (context: EvaluateContext, rules: ReadonlyMap<string, Discount>, now: number): Unlocks => {
  const coupons = new Map<string, string>()
  const rejected: RejectedRule[] = []
  const sorted = [...(context.coupons ?? [])].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
  for (const coupon of sorted) {
    const rule = rules.get(coupon.discount)
    const problem = couponProblem(coupon, now) ?? (rule && rule.status === 'valid' ? null : miss('coupon.notValid'))
    if (problem) rejected.push({ rule: coupon.discount, coupon: coupon.code, reason: problem.reason })
    else if (!coupons.has(coupon.discount)) coupons.set(coupon.discount, coupon.code)
  }
  return { coupons, rejected }
}

/** Whether the cashier or customer asked for the rule: automatic, picked, its code typed, or a coupon. */
export const unlockProblem = (rule: Discount, context: EvaluateContext, coupon: string | undefined): Miss | null => {
  if (coupon) return null
  if (rule.couponCode) return context.codes?.includes(rule.couponCode) ? null : miss('coupon.codeRequired')
  // Points pay only when the customer asks to pay with them.
  if (rule.type === 'usePoint')
    return (context.usePoints?.[rule.usePoint?.point ?? ''] ?? 0) > 0 ? null : miss('discount.noPointsAsked')
  return rule.automatic || context.chosen?.includes(rule._id) ? null : miss('discount.notChosen')
}

/** Channel, dates, time conditions and rank: the conditions that do not depend on the cart. */
export const contextProblem = (rule: Discount, context: EvaluateContext, now: number, local: LocalTime): Miss | null => {
  if (rule.avail !== 'both' && rule.avail !== context.channel) return miss('discount.otherChannel')
  if ((rule.validFrom && now < Date.parse(rule.validFrom)) || (rule.validTo && now > Date.parse(rule.validTo)))
    return miss('discount.outOfDate')
  if (!timeConditionsHold(rule.timeConditions, local)) return miss('discount.outOfTime')
  if (rule.rankConditions?.length && !rule.rankConditions.includes(context.customer?.rank ?? ''))
    return miss('discount.wrongRank')
  return null
}
