import type { Discount } from '../discount.schema'
import { loopTimes } from './thresholds'
import { allocate, capShares, mulDiv, percentOf, reason, sumShares, type Gain, type Miss, type Scope, miss } from './work'

const spread = (total: number, scope: Scope) =>
  allocate(
    total,
    scope.matched.map((l) => l.index),
    scope.matched.map((l) => l.remaining)
  )

/** The amount a percentage is taken of: the goods, proportionally cut to maxQty units, at most maxPrice. */
const percentBase = (amount: number, milli: number, maxQty: number | null | undefined, maxPrice: number | null | undefined) => {
  let base = amount
  if (maxQty != null && milli > maxQty * 1000) base = mulDiv(base, maxQty * 1000, milli)
  return maxPrice != null ? Math.min(base, maxPrice) : base
}

/** percentage: percentageDiscount % off the goods (see percentBase), at most maxDiscount; line adjustments. */
export const percentage = (rule: Discount, scope: Scope): Gain | Miss => {
  const base = percentBase(scope.amount, scope.milli, rule.maxQty, rule.maxPrice)
  const total = Math.min(percentOf(base, rule.percentageDiscount), rule.maxDiscount ?? Infinity)
  const why = reason('discount.why.percentage', { percent: rule.percentageDiscount ?? 0 })
  return { shares: spread(total, scope), times: 1, order: false, why }
}

/** fixed: fixedDiscount cents off the goods, once or per multiple (matchLoopQuantity), at most maxDiscount; an order adjustment. */
export const fixed = (rule: Discount, scope: Scope): Gain | Miss => {
  const times = loopTimes(rule, scope)
  const total = Math.min((rule.fixedDiscount ?? 0) * times, rule.maxDiscount ?? Infinity)
  const shares = spread(total, scope)
  return { shares, times, order: true, why: reason('discount.why.fixed', { amount: sumShares(shares), times }) }
}

/**
 * advanced (member group, spec §3.9): the group is the rule's goods. It needs m.minQty units and m.minPrice
 * cents of them and m.minNonGroupQty units of other goods. It takes m.fixedDiscount once, plus
 * m.unitDiscount off each unit for every m.stepQty units in the group (once when stepQty is not set), plus
 * m.percentageDiscount % of the group's amount; m.maxQty / m.maxPrice bound the units and amount it is
 * weighed on; m.maxDiscount and the rule's maxDiscount cap it.
 */
export const advanced = (rule: Discount, scope: Scope): Gain | Miss => {
  const m = rule.member ?? {}
  const otherMilli = scope.lines.reduce((sum, l) => sum + l.milli, 0) - scope.milli
  if (m.minQty && scope.milli < m.minQty * 1000)
    return miss('discount.member.minQuantity', undefined, { addQuantity: Math.ceil((m.minQty * 1000 - scope.milli) / 1000) })
  if (m.minNonGroupQty && otherMilli < m.minNonGroupQty * 1000) return miss('discount.member.minQuantity')
  if (m.minPrice && scope.amount < m.minPrice) return miss('coupon.minAmount', { amount: m.minPrice })
  const milli = m.maxQty != null ? Math.min(scope.milli, m.maxQty * 1000) : scope.milli
  const base = percentBase(scope.amount, scope.milli, m.maxQty, m.maxPrice)
  const steps = m.stepQty ? Math.floor(scope.milli / (m.stepQty * 1000)) : 1
  const perUnit = (m.unitDiscount ?? 0) * steps
  const total = Math.min(
    (m.fixedDiscount ?? 0) + mulDiv(perUnit, milli, 1000) + percentOf(base, m.percentageDiscount),
    m.maxDiscount ?? Infinity,
    rule.maxDiscount ?? Infinity
  )
  const shares = spread(total, scope)
  return {
    shares,
    times: 1,
    order: false,
    why: reason('discount.why.advanced', { amount: sumShares(shares), units: milli / 1000 })
  }
}

/** point: earns point.fixed (per multiple with matchLoopQuantity) + point.percentage % of the dollars, at most point.max; no price change. */
export const point = (rule: Discount, scope: Scope): Gain | Miss => {
  const p = rule.point ?? {}
  const times = loopTimes(rule, scope)
  const earned = (p.fixed ?? 0) * times + mulDiv(scope.amount, Math.round((p.percentage ?? 0) * 100), 1_000_000)
  const points = Math.min(earned, p.max ?? Infinity)
  if (points <= 0) return miss('discount.nothingToGive')
  return {
    shares: { indices: [], amounts: [] },
    times,
    order: false,
    pointsEarned: { pointType: p.point ?? '', points },
    why: reason('discount.why.point', { points })
  }
}

/**
 * usePoint: the points the customer asks to pay with (shared by every usePoint rule of that point type),
 * at most their balance, in multiples of `unit`, worth `ratio` cents each, at most fixedMax cents,
 * percentageMax % of the goods (rounded down) and maxDiscount; an order adjustment.
 */
export const usePoint = (rule: Discount, scope: Scope): Gain | Miss => {
  const u = rule.usePoint ?? {}
  const pointType = u.point ?? ''
  const asked = scope.pointsAsked.get(pointType) ?? 0
  if (asked <= 0) return miss('discount.noPointsAsked')
  const ratio = u.ratio ?? 1
  const unit = u.unit || 1
  const percentCap = u.percentageMax != null ? mulDiv(scope.amount, Math.round(u.percentageMax * 100), 10_000) : Infinity
  const maxCents = Math.min(scope.amount, u.fixedMax ?? Infinity, percentCap, rule.maxDiscount ?? Infinity)
  const balance = scope.context.points?.[pointType] ?? 0
  const usable = Math.min(asked, balance, Math.floor(maxCents / ratio))
  const points = usable - (usable % unit)
  if (points <= 0) return miss(balance < Math.min(asked, unit) ? 'discount.notEnoughPoints' : 'discount.nothingToGive')
  const shares = capShares(spread(points * ratio, scope), maxCents)
  return {
    shares,
    times: 1,
    order: true,
    pointsUsed: { pointType, points },
    why: reason('discount.why.usePoint', { points, amount: points * ratio })
  }
}
