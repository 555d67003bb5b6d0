import type { Plan, PlanFeature } from './plan.schema'

/*
 * Pure billing arithmetic (decision 0129), shared so the Upgrade screen shows exactly what the server
 * charges. Money is integer cents; every division rounds down, in the merchant's favour, and says so.
 */

const DAY = 86_400_000

/** `date` plus whole calendar months, kept on the same day of the month where it exists (31 Jan + 1 → 28/29 Feb). */
export const addMonths = (date: Date, months: number): Date => {
  const result = new Date(date.getTime())
  const day = result.getUTCDate()
  result.setUTCDate(1)
  result.setUTCMonth(result.getUTCMonth() + months)
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate()
  result.setUTCDate(Math.min(day, last))
  return result
}

/** What one period of `plan` costs: the free months are off on the shop's first contract only. */
export const periodPrice = (plan: Pick<Plan, 'priceMonthly' | 'periodMonths' | 'freeMonths'>, firstContract: boolean): number =>
  plan.priceMonthly * (plan.periodMonths - (firstContract ? Math.min(plan.freeMonths, plan.periodMonths) : 0))

/**
 * An upgrade in the middle of a period: the difference of the two monthly prices over the months of
 * the current period, times the share of the period still to run, counted in whole days started.
 * Rounded down to the cent. Nothing when the new plan is not dearer.
 */
export const upgradeCharge = (
  from: Pick<Plan, 'priceMonthly'>,
  to: Pick<Plan, 'priceMonthly'>,
  period: { start: Date; end: Date },
  now: Date
): number => {
  const difference = to.priceMonthly - from.priceMonthly
  if (difference <= 0) return 0
  const totalDays = Math.max(1, Math.round((period.end.getTime() - period.start.getTime()) / DAY))
  const daysLeft = Math.min(totalDays, Math.max(0, Math.ceil((period.end.getTime() - now.getTime()) / DAY)))
  const months = monthsBetween(period.start, period.end)
  // BigInt keeps the product exact before the one division.
  return Number((BigInt(difference) * BigInt(months) * BigInt(daysLeft)) / BigInt(totalDays))
}

/** Whole months from `start` to `end` (the contract's period), at least 1. */
export const monthsBetween = (start: Date, end: Date): number => {
  let months = (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + (end.getUTCMonth() - start.getUTCMonth())
  if (addMonths(start, months).getTime() > end.getTime()) months -= 1
  return Math.max(1, months)
}

/** Is `to` a change up from `from`? Dearer per month, or as dear with a higher rank. */
export const isUpgrade = (from: Pick<Plan, 'priceMonthly' | 'rank'>, to: Pick<Plan, 'priceMonthly' | 'rank'>): boolean =>
  to.priceMonthly > from.priceMonthly || (to.priceMonthly === from.priceMonthly && to.rank > from.rank)

/** The features a change from `from` to `to` takes away (the downgrade warning). */
export const featuresLost = (from: readonly PlanFeature[], to: readonly PlanFeature[]): PlanFeature[] =>
  from.filter((feature) => !to.includes(feature))

/** The features `to` adds to `from` (the comparison's "what this plan adds"). */
export const featuresAdded = (from: readonly PlanFeature[], to: readonly PlanFeature[]): PlanFeature[] =>
  to.filter((feature) => !from.includes(feature))

/** Why a plan's numbers do not fit together, as field → message key; empty when they do. */
export const planProblems = (plan: { freeMonths?: number; periodMonths?: number }): Record<string, string> =>
  plan.freeMonths !== undefined && plan.periodMonths !== undefined && plan.freeMonths > plan.periodMonths
    ? { freeMonths: 'billing.plan.freeLongerThanPeriod' }
    : {}
