import { multiplyCents } from '../platform/money'
import type { Discount } from './discount.schema'
import type {
  Adjustment,
  AppliedRule,
  Cart,
  CartLine,
  EvaluateContext,
  Evaluation,
  RejectedRule,
  Suggestion
} from './engine-types'
import { advanced, fixed, percentage, point, usePoint } from './engine/amounts'
import { bundle } from './engine/bundles'
import { LineIndex, codeTyped, contextProblem, readCoupons, unlockProblem } from './engine/eligibility'
import { Stack, byStackingOrder } from './engine/stacking'
import { suggestionFor } from './engine/suggestions'
import { thresholdMiss } from './engine/thresholds'
import { localTime } from './engine/time-conditions'
import { isMiss, miss, sumShares, type Gain, type Miss, type Scope, type WorkLine } from './engine/work'

const KINDS: Record<Discount['type'], (rule: Discount, scope: Scope) => Gain | Miss> = {
  bundle,
  bundleFix: bundle,
  bundleOff: bundle,
  bundleFree: bundle,
  fixed,
  percentage,
  advanced,
  point,
  usePoint
}

/** A line the engine cannot price is the caller's error, never rounded into something it can. */
const assertLine = (line: CartLine) => {
  if (!Number.isSafeInteger(line.price) || line.price < 0)
    throw new RangeError(`Line ${line.key}: the price must be whole cents ≥ 0`)
  const milli = line.quantity * 1000
  if (!Number.isFinite(milli) || line.quantity < 0 || Math.abs(milli - Math.round(milli)) > 1e-6)
    throw new RangeError(`Line ${line.key}: the quantity must be ≥ 0 with at most three decimals`)
}

/**
 * The pricing engine (issue 15, decision 0088): prices a cart under the shop's rules. Pure and
 * deterministic — the same cart and context give the same answer on the server, in the browser and in
 * the offline POS. Rules are weighed one by one in stacking order, each on what earlier rules left.
 */
export const evaluate = (cart: Cart, context: EvaluateContext): Evaluation => {
  const now = Date.parse(context.now)
  const local = localTime(now, context.timeZone)
  const products = new Map<string, number>()
  const lines: WorkLine[] = cart.lines.map((line, index) => {
    assertLine(line)
    const subtotal = multiplyCents(line.price, line.quantity)
    if (!products.has(line.product)) products.set(line.product, products.size)
    const product = products.get(line.product) as number
    return { index, line, subtotal, remaining: subtotal, milli: Math.max(0, Math.round(line.quantity * 1000)), product }
  })
  const index = new LineIndex(lines)
  const coupons = readCoupons(context, now)
  const couponRejected = new Set(coupons.rejected.map((r) => r.rule))
  const rejected: RejectedRule[] = [...coupons.rejected]
  const applied: AppliedRule[] = []
  const suggestions: Suggestion[] = []
  const lineAdjustments: Adjustment[][] = lines.map(() => [])
  const orderAdjustments: Adjustment[] = []
  const pointsAsked = new Map(Object.entries(context.usePoints ?? {}))
  const stack = new Stack()

  for (const rule of [...context.rules].sort(byStackingOrder)) {
    const coupon = coupons.coupons.get(rule._id)
    const reject = (missed: Miss) =>
      rejected.push(coupon ? { rule: rule._id, coupon, reason: missed.reason } : { rule: rule._id, reason: missed.reason })
    if (rule.status !== 'valid') {
      // Drafts and rules over their limit are not weighed; a code typed for one is answered.
      if (codeTyped(rule, context)) reject(miss('coupon.notValid'))
      continue
    }
    const locked = unlockProblem(rule, context, coupon)
    if (locked) {
      // A rejected coupon already says why its rule did not apply.
      if (!couponRejected.has(rule._id)) reject(locked)
      continue
    }
    const early = contextProblem(rule, context, now, local) ?? stack.blocked(rule)
    if (early) {
      reject(early)
      continue
    }
    const matched = index.matched(rule)
    if (!matched.length) {
      reject(miss('discount.noMatchingGoods'))
      continue
    }
    const scope: Scope = { lines, matched, milli: 0, amount: 0, context, pointsAsked }
    for (const line of matched) {
      scope.milli += line.milli
      scope.amount += line.remaining
    }
    const outcome = thresholdMiss(rule, scope) ?? KINDS[rule.type](rule, scope)
    if (isMiss(outcome)) {
      reject(outcome)
      const suggestion = rule.suggest ? suggestionFor(rule, scope, outcome) : null
      if (suggestion) suggestions.push(suggestion)
      continue
    }
    const amount = sumShares(outcome.shares)
    if (amount === 0 && !outcome.pointsEarned) {
      reject(miss('discount.nothingToGive'))
      continue
    }
    const { indices, amounts } = outcome.shares
    for (let i = 0; i < indices.length; i++) lines[indices[i]].remaining -= amounts[i]
    if (outcome.order) {
      const shares = indices.map((index, i) => ({ key: lines[index].line.key, amount: amounts[i] }))
      orderAdjustments.push({ rule: rule._id, amount, lines: shares })
    } else for (let i = 0; i < indices.length; i++) lineAdjustments[indices[i]].push({ rule: rule._id, amount: amounts[i] })
    if (outcome.pointsUsed)
      pointsAsked.set(
        outcome.pointsUsed.pointType,
        (pointsAsked.get(outcome.pointsUsed.pointType) ?? 0) - outcome.pointsUsed.points
      )
    const code = coupon ?? rule.couponCode ?? undefined
    const entry: AppliedRule = { rule: rule._id, type: rule.type, amount, times: outcome.times, why: outcome.why }
    if (outcome.pointsEarned) entry.pointsEarned = outcome.pointsEarned
    if (outcome.pointsUsed) entry.pointsUsed = outcome.pointsUsed
    if (code) entry.coupon = code
    applied.push(entry)
    stack.add(rule)
  }

  const evaluated = lines.map((line, i) => {
    const discount = lineAdjustments[i].reduce((sum, a) => sum + a.amount, 0)
    return {
      key: line.line.key,
      subtotal: line.subtotal,
      discount,
      total: line.subtotal - discount,
      adjustments: lineAdjustments[i]
    }
  })
  const subtotal = evaluated.reduce((sum, l) => sum + l.subtotal, 0)
  const discount = evaluated.reduce((sum, l) => sum + l.discount, 0) + orderAdjustments.reduce((sum, a) => sum + a.amount, 0)
  return { lines: evaluated, orderAdjustments, subtotal, discount, total: subtotal - discount, applied, rejected, suggestions }
}
