import type { Discount, DiscountFilter } from '../discount.schema'
import type { EvaluateContext, PresentedCoupon, RejectedRule } from '../engine-types'
import { normalCouponCode } from '../coupon-code'
import type { LocalTime } from './time-conditions'
import { timeConditionsHold } from './time-conditions'
import { type Miss, type WorkLine, miss } from './work'

type Field = 'products' | 'categories' | 'brands' | 'tags'
const FIELDS: readonly Field[] = ['products', 'categories', 'brands', 'tags']

const isEmpty = (filter: DiscountFilter | null | undefined): filter is null | undefined =>
  !filter || (!filter.products?.length && !filter.categories?.length && !filter.brands?.length && !filter.tags?.length)

/**
 * Which lines each product, category, brand and tag names, built once per evaluation: a rule's goods
 * are then found from its filters' few ids instead of by testing every line against every rule.
 */
export class LineIndex {
  private readonly by: Partial<Record<Field, Map<string, number[]>>> = {}
  /** Reused by every rule: a fresh typed array per rule costs more than the marking. */
  private readonly marks: Uint8Array

  constructor(private readonly lines: readonly WorkLine[]) {
    this.marks = new Uint8Array(lines.length)
  }

  /** The lines each value of a field names, built the first time a rule filters on that field. */
  private map(field: Field): Map<string, number[]> {
    const built = this.by[field]
    if (built) return built
    const map = new Map<string, number[]>()
    const add = (value: string, index: number) => {
      const list = map.get(value)
      if (!list) map.set(value, [index])
      else if (list[list.length - 1] !== index) list.push(index)
    }
    for (const { index, line } of this.lines) {
      if (field === 'products') add(line.product, index)
      else if (field === 'brands') {
        if (line.brand != null) add(line.brand, index)
      } else for (const value of (field === 'categories' ? line.categories : line.tags) ?? []) add(value, index)
    }
    this.by[field] = map
    return map
  }

  private mark(field: Field, values: readonly string[] | undefined, to: 0 | 1) {
    if (!values?.length) return
    const map = this.map(field)
    for (const value of values) {
      const indices = map.get(value)
      if (indices) for (const index of indices) this.marks[index] = to
    }
  }

  /**
   * The goods a rule looks at, in cart order: its `product` if it names one, else any line a filter names
   * (no filter: every line); then `efilter` takes out any line it names.
   */
  matched(rule: Discount): readonly WorkLine[] {
    if (!rule.product && isEmpty(rule.filters) && isEmpty(rule.efilter)) return this.lines
    const marks = this.marks
    marks.fill(0)
    if (rule.product) this.mark('products', [rule.product], 1)
    else if (isEmpty(rule.filters)) marks.fill(1)
    else for (const field of FIELDS) this.mark(field, rule.filters[field], 1)
    if (!isEmpty(rule.efilter)) for (const field of FIELDS) this.mark(field, rule.efilter[field], 0)
    const matched: WorkLine[] = []
    for (let i = 0; i < marks.length; i++) if (marks[i]) matched.push(this.lines[i])
    return matched
  }
}

export interface Unlocks {
  /** Rules a valid presented coupon unlocks, with the coupon's code (the first by code). */
  coupons: Map<string, string>
  rejected: RejectedRule[]
}

const couponProblem = (coupon: PresentedCoupon, now: number): Miss | null => {
  // As the coupons service reads it (statusAt): a coupon is expired from its expiresAt on.
  if (coupon.status === 'expired' || (coupon.expiresAt && now >= Date.parse(coupon.expiresAt))) return miss('coupon.expired')
  if (coupon.status !== 'valid' || (coupon.validFrom && now < Date.parse(coupon.validFrom))) return miss('coupon.notValid')
  return null
}

/** Presented coupons: expired or used ones are rejected; valid ones unlock their rule. */
export const readCoupons = (context: EvaluateContext, now: number): Unlocks => {
  const coupons = new Map<string, string>()
  const rejected: RejectedRule[] = []
  if (!context.coupons?.length) return { coupons, rejected }
  const rules = new Map(context.rules.map((rule) => [rule._id, rule]))
  const sorted = [...(context.coupons ?? [])].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
  for (const coupon of sorted) {
    const rule = rules.get(coupon.discount)
    const problem = couponProblem(coupon, now) ?? (rule && rule.status === 'valid' ? null : miss('coupon.notValid'))
    if (problem) rejected.push({ rule: coupon.discount, coupon: coupon.code, reason: problem.reason })
    else if (!coupons.has(coupon.discount)) coupons.set(coupon.discount, coupon.code)
  }
  return { coupons, rejected }
}

/** A code as coupon codes compare: the one shared normaliser (coupon-code.ts, which imports nothing). */
export const normalCode = normalCouponCode

/** Whether the rule's code was typed. */
export const codeTyped = (rule: Discount, context: EvaluateContext): boolean => {
  if (!rule.couponCode || !context.codes?.length) return false
  const code = normalCode(rule.couponCode)
  return context.codes.some((typed) => normalCode(typed) === code)
}

/** Whether the cashier or customer asked for the rule: automatic, picked, its code typed, or a coupon. */
export const unlockProblem = (rule: Discount, context: EvaluateContext, coupon: string | undefined): Miss | null => {
  if (coupon) return null
  if (rule.couponCode) return codeTyped(rule, context) ? null : miss('coupon.codeRequired')
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
