import type { DiscountType } from './discount.schema'

/**
 * What a discount rule must say beyond its schema to be usable (decision 0089). The editor shows each
 * problem on its field as the merchant types; the server refuses the first one on every record as
 * written (patches and operators included). Pure: no database, no DOM.
 */

export type DiscountProblemKey =
  | 'discount.quantityRequired'
  | 'discount.freeItemsRequired'
  | 'discount.fixedRequired'
  | 'discount.percentageRequired'
  | 'discount.pointEarnRequired'
  | 'discount.pointRatioRequired'
  | 'discount.memberRequired'
  | 'discount.stepQtyRequired'
  | 'discount.maxBelowMin'
  | 'discount.validToBeforeFrom'
  | 'discount.bundlePriceRequired'
  | 'discount.bundleOffRequired'
  | 'discount.emptyHours'
  | 'discount.emptyTimeRange'
  | 'discount.overlimitServer'

export interface DiscountProblem {
  /** The field's path in the record (`member.maxQty`, `timeConditions.endDay`). */
  field: string
  key: DiscountProblemKey
}

type Obj = Record<string, unknown>
const obj = (value: unknown): Obj => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {})
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)
const positive = (value: unknown) => (num(value) ?? 0) > 0

/** The kinds that sell goods by the bundle of `quantity` units. */
export const bundleTypes: readonly DiscountType[] = ['bundle', 'bundleOff', 'bundleFree', 'bundleFix']

/** What each type gives, and so which fields it needs (the editor shows only these). */
const needs = (rule: Obj): DiscountProblem[] => {
  const type = rule.type as DiscountType | undefined
  const out: DiscountProblem[] = []
  if (type && bundleTypes.includes(type) && !positive(rule.quantity))
    out.push({ field: 'quantity', key: 'discount.quantityRequired' })
  // bundle / bundleFix: N units for a price (fixedDiscount); bundleOff: each bundle an amount and/or % off.
  if ((type === 'bundle' || type === 'bundleFix') && num(rule.fixedDiscount) === undefined)
    out.push({ field: 'fixedDiscount', key: 'discount.bundlePriceRequired' })
  if (type === 'bundleOff' && !positive(rule.fixedDiscount) && !positive(rule.percentageDiscount))
    out.push({ field: 'fixedDiscount', key: 'discount.bundleOffRequired' })
  if (type === 'bundleFree' && !(Array.isArray(rule.freeItems) && rule.freeItems.length > 0))
    out.push({ field: 'freeItems', key: 'discount.freeItemsRequired' })
  if (type === 'fixed' && !positive(rule.fixedDiscount)) out.push({ field: 'fixedDiscount', key: 'discount.fixedRequired' })
  if (type === 'percentage' && !positive(rule.percentageDiscount))
    out.push({ field: 'percentageDiscount', key: 'discount.percentageRequired' })
  if (type === 'point') {
    const point = obj(rule.point)
    if (!positive(point.fixed) && !positive(point.percentage))
      out.push({ field: 'point.fixed', key: 'discount.pointEarnRequired' })
  }
  if (type === 'usePoint' && !positive(obj(rule.usePoint).ratio))
    out.push({ field: 'usePoint.ratio', key: 'discount.pointRatioRequired' })
  if (type === 'advanced') {
    const member = obj(rule.member)
    if (!positive(member.fixedDiscount) && !positive(member.percentageDiscount) && !positive(member.unitDiscount))
      out.push({ field: 'member.fixedDiscount', key: 'discount.memberRequired' })
    if (positive(member.unitDiscount) && !positive(member.stepQty))
      out.push({ field: 'member.stepQty', key: 'discount.stepQtyRequired' })
  }
  return out
}

/** A bound below its threshold could never be met: the max field carries the message. */
const pairs = (rule: Obj): DiscountProblem[] => {
  const out: DiscountProblem[] = []
  const pair = (record: Obj, prefix: string, min: string, max: string) => {
    const low = num(record[min])
    const high = num(record[max])
    if (low !== undefined && high !== undefined && high < low) out.push({ field: prefix + max, key: 'discount.maxBelowMin' })
  }
  pair(rule, '', 'minPrice', 'maxPrice')
  pair(rule, '', 'minQty', 'maxQty')
  const member = obj(rule.member)
  pair(member, 'member.', 'minPrice', 'maxPrice')
  pair(member, 'member.', 'minQty', 'maxQty')
  return out
}

const instant = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : NaN)
const minutes = (clock: unknown) => {
  const [hours, mins] = String(clock).split(':').map(Number)
  return hours * 60 + mins
}

/**
 * Dates and times (decision 0089): validFrom ≤ validTo and the date range's first day ≤ its last. Day-of-month,
 * hour and clock windows may wrap (25th to 5th, 22 to 2, 22:00 to 02:00: the engine's reading, decision 0088)
 * but may not be empty: equal start and end hours (end 0 is midnight) or clock times name no window.
 */
const times = (rule: Obj): DiscountProblem[] => {
  const out: DiscountProblem[] = []
  const from = instant(rule.validFrom)
  const to = instant(rule.validTo)
  if (!Number.isNaN(from) && !Number.isNaN(to) && to < from) out.push({ field: 'validTo', key: 'discount.validToBeforeFrom' })
  const time = obj(rule.timeConditions)
  const range = time.dateRange
  if (Array.isArray(range) && typeof range[0] === 'string' && typeof range[1] === 'string' && range[1] < range[0])
    out.push({ field: 'timeConditions.dateRange', key: 'discount.validToBeforeFrom' })
  const startHour = num(time.startHour)
  const endHour = num(time.endHour)
  if (startHour !== undefined && endHour !== undefined && endHour !== 0 && endHour === startHour)
    out.push({ field: 'timeConditions.endHour', key: 'discount.emptyHours' })
  const clock = time.timeRange
  if (Array.isArray(clock) && clock.length === 2 && minutes(clock[0]) === minutes(clock[1]))
    out.push({ field: 'timeConditions.timeRange', key: 'discount.emptyTimeRange' })
  return out
}

/** Every problem of a rule as written (whole record or form values), in the editor's order. */
export const discountProblems = (rule: Obj): DiscountProblem[] => [...needs(rule), ...pairs(rule), ...times(rule)]

/**
 * `overlimit` is the server's (decision 0089): a rule is moved there when its use limit is reached, never
 * by a client. A write may keep a rule overlimit or move it back to valid or draft.
 */
export const overlimitProblem = (after: Obj, before: Obj | undefined): DiscountProblem | undefined =>
  after.status === 'overlimit' && before?.status !== 'overlimit'
    ? { field: 'status', key: 'discount.overlimitServer' }
    : undefined

/**
 * The status a rule is left in by a write (decision 0186): a draft stays a draft; otherwise it is
 * `overlimit` exactly when it has a use limit and its uses reached it (raising the limit makes it valid).
 */
export const limitedStatus = (rule: Obj): 'valid' | 'draft' | 'overlimit' => {
  if (rule.status === 'draft') return 'draft'
  const limit = num(rule.limitTotal) ?? 0
  return limit > 0 && (num(rule.totalUsed) ?? 0) >= limit ? 'overlimit' : 'valid'
}
