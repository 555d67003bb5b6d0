import { multiplyCents } from '../platform/money'
import type { Discount } from './discount.schema'
import type { Adjustment, AppliedRule, Cart, EvaluateContext, Evaluation, RejectedRule, Suggestion } from './engine-types'
import { advanced, fixed, percentage, point, usePoint } from './engine/amounts'
import { bundle } from './engine/bundles'
import { contextProblem, readCoupons, ruleMatches, unlockProblem } from './engine/eligibility'
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

/**
 * The pricing engine (issue 15, decision 0088): prices a cart under the shop's rules. Pure and
 * deterministic — the same cart and context give the same answer on the server, in the browser and in
 * the offline POS. Rules are weighed one by one in stacking order, each on what earlier rules left.
 */
export const evaluate = (cart: Cart, context: EvaluateContext): Evaluation => {
  const now = Date.parse(context.now)
  const local = localTime(now, context.timeZone)
  const lines: WorkLine[] = cart.lines.map((line, index) => {
    const subtotal = multiplyCents(line.price, line.quantity)
    return { index, line, subtotal, remaining: subtotal, milli: Math.max(0, Math.round(line.quantity * 1000)) }
  })
  const byId = new Map(context.rules.map((rule) => [rule._id, rule]))
  const coupons = readCoupons(context, byId, now)
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
    const reject = (missed: Miss) => rejected.push({ rule: rule._id, ...(coupon ? { coupon } : {}), reason: missed.reason })
    if (rule.status !== 'valid') {
      // Drafts and rules over their limit are not weighed; a code typed for one is answered.
      if (rule.couponCode && context.codes?.includes(rule.couponCode)) reject(miss('coupon.notValid'))
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
    const matched = lines.filter((line) => ruleMatches(rule, line.line))
    if (!matched.length) {
      reject(miss('discount.noMatchingGoods'))
      continue
    }
    const scope: Scope = {
      lines,
      matched,
      milli: matched.reduce((sum, l) => sum + l.milli, 0),
      amount: matched.reduce((sum, l) => sum + l.remaining, 0),
      context,
      pointsAsked
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
    for (const share of outcome.shares) lines[share.index].remaining -= share.amount
    if (outcome.order) {
      const shares = outcome.shares.map((s) => ({ key: lines[s.index].line.key, amount: s.amount }))
      orderAdjustments.push({ rule: rule._id, amount, lines: shares })
    } else for (const share of outcome.shares) lineAdjustments[share.index].push({ rule: rule._id, amount: share.amount })
    if (outcome.pointsUsed)
      pointsAsked.set(
        outcome.pointsUsed.pointType,
        (pointsAsked.get(outcome.pointsUsed.pointType) ?? 0) - outcome.pointsUsed.points
      )
    const code = coupon ?? rule.couponCode ?? undefined
    applied.push({
      rule: rule._id,
      type: rule.type,
      amount,
      times: outcome.times,
      ...(outcome.pointsEarned ? { pointsEarned: outcome.pointsEarned } : {}),
      ...(outcome.pointsUsed ? { pointsUsed: outcome.pointsUsed } : {}),
      ...(code ? { coupon: code } : {}),
      why: outcome.why
    })
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
