import type { Discount } from '../discount.schema'
import type { Miss, Scope } from './work'
import { miss } from './work'

interface Check {
  met: boolean
  miss: Miss
}

/**
 * The rule's thresholds on its goods (what earlier rules left of them): minPrice and minQty must all
 * hold, or any one with conditionOr. A rule without thresholds is met. Returns the first unmet one.
 */
export const thresholdMiss = (rule: Discount, scope: Scope): Miss | null => {
  const amountMet = !rule.minPrice || scope.amount >= rule.minPrice
  const quantityMet = !rule.minQty || scope.milli >= rule.minQty * 1000
  // The common case, answered without building anything.
  if (
    rule.conditionOr
      ? (amountMet && !!rule.minPrice) || (quantityMet && !!rule.minQty) || (!rule.minPrice && !rule.minQty)
      : amountMet && quantityMet
  )
    return null
  const checks: Check[] = []
  if (rule.minPrice) {
    const met = amountMet
    checks.push({ met, miss: miss('coupon.minAmount', { amount: rule.minPrice }, { spend: rule.minPrice - scope.amount }) })
  }
  if (rule.minQty) {
    const met = quantityMet
    const addQuantity = Math.ceil((rule.minQty * 1000 - scope.milli) / 1000)
    checks.push({ met, miss: miss('coupon.minQuantity', { quantity: rule.minQty }, { addQuantity }) })
  }
  if (!checks.length) return null
  if (rule.conditionOr) {
    if (checks.some((c) => c.met)) return null
    // Either closes the gap: offer both ways, explain with the first.
    return { ...checks[1]?.miss, ...checks[0].miss }
  }
  const unmet = checks.filter((c) => !c.met)
  if (!unmet.length) return null
  // Every unmet threshold must be closed: keep both gaps, explain with the first.
  return { ...unmet[1]?.miss, ...unmet[0].miss }
}

/**
 * How many times a matchLoopQuantity rule repeats: once per minQty units and per minPrice cents of its
 * goods (both: the smaller, or the larger with conditionOr), bounded by maxQty / maxPrice the same way.
 * Without matchLoopQuantity (or thresholds) a rule applies once.
 */
export const loopTimes = (rule: Discount, scope: Scope): number => {
  if (!rule.matchLoopQuantity) return 1
  const counts: number[] = []
  if (rule.minQty) counts.push(Math.floor(Math.min(scope.milli, (rule.maxQty ?? Infinity) * 1000) / (rule.minQty * 1000)))
  if (rule.minPrice) counts.push(Math.floor(Math.min(scope.amount, rule.maxPrice ?? Infinity) / rule.minPrice))
  if (!counts.length) return 1
  return rule.conditionOr ? Math.max(...counts) : Math.min(...counts)
}
