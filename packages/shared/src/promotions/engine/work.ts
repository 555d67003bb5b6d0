import type { SharedMessageKey } from '../../i18n/messages'
import type { CartLine, EvaluateContext, Reason } from '../engine-types'

/** A cart line while the engine works: what earlier rules left of it (`remaining`) shrinks rule by rule. */
export interface WorkLine {
  index: number
  line: CartLine
  subtotal: number
  remaining: number
  /** Quantity in thousandths, so weighed goods add up without floating error. */
  milli: number
}

/** Cents a rule takes off one line. */
export interface Share {
  index: number
  amount: number
}

/** What a rule gives when it applies. */
export interface Gain {
  shares: Share[]
  times: number
  /** Fixed amounts and points used are order adjustments; the rest adjust lines. */
  order: boolean
  pointsEarned?: { pointType: string; points: number }
  pointsUsed?: { pointType: string; points: number }
  why: Reason
}

/** A rule that does not apply: why, and, for a threshold, how far the cart is from it. */
export interface Miss {
  reason: Reason
  /** Cents more to spend, or units more to add, to meet the threshold. */
  spend?: number
  addQuantity?: number
}

/** The goods a rule looks at, with their units (thousandths) and the amount earlier rules left of them. */
export interface Scope {
  lines: WorkLine[]
  matched: WorkLine[]
  milli: number
  amount: number
  context: EvaluateContext
  /** Points still available to pay with, by point type (usePoint rules share the customer's request). */
  pointsAsked: Map<string, number>
}

export const reason = (key: SharedMessageKey, values?: Reason['values']): Reason => (values ? { key, values } : { key })
export const miss = (key: SharedMessageKey, values?: Reason['values'], gap?: Omit<Miss, 'reason'>): Miss => ({
  reason: reason(key, values),
  ...gap
})

export const isMiss = (outcome: Gain | Miss): outcome is Miss => 'reason' in outcome

export const wholeUnits = (line: WorkLine) => Math.floor(line.milli / 1000)

/** `a × b / c` rounded down, exact even when `a × b` passes 2^53 (money up to 10^11 cents times a weight). */
export const mulDiv = (a: number, b: number, c: number): number => {
  const product = a * b
  if (Number.isSafeInteger(product)) return Math.floor(product / c)
  return Number((BigInt(a) * BigInt(b)) / BigInt(c))
}

/** `percent`% (two decimals) of an amount in cents, rounded half up. */
export const percentOf = (cents: number, percent: number | null | undefined): number => {
  if (!percent) return 0
  const hundredths = Math.round(percent * 100)
  const down = mulDiv(cents, hundredths, 10_000)
  // floor(2x) - 2·floor(x) is 1 exactly when x's fraction is at least one half.
  return down + (mulDiv(cents, hundredths, 5_000) - 2 * down)
}

/**
 * Spreads `total` cents over lines in proportion to `weights` by largest remainder: the shares add up to
 * `total` exactly and none passes its weight (when total ≤ the weights' sum). Ties go to the earlier line.
 */
export const allocate = (total: number, lines: readonly number[], weights: readonly number[]): Share[] => {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (total <= 0 || sum <= 0) return []
  const amount = Math.min(total, sum)
  const shares = weights.map((weight) => mulDiv(amount, weight, sum))
  let left = amount - shares.reduce((a, b) => a + b, 0)
  if (left > 0) {
    const remainders = weights.map((weight, i) => ({ i, rest: (weight * amount) % sum }))
    // The remainder of weight × amount / sum, exact via BigInt when the product is too large.
    if (!Number.isSafeInteger(sum * amount))
      for (const r of remainders) r.rest = Number((BigInt(weights[r.i]) * BigInt(amount)) % BigInt(sum))
    remainders.sort((a, b) => b.rest - a.rest || a.i - b.i)
    for (const { i } of remainders) {
      if (left === 0) break
      shares[i] += 1
      left -= 1
    }
  }
  return shares.map((share, i) => ({ index: lines[i], amount: share })).filter((s) => s.amount > 0)
}

export const sumShares = (shares: readonly Share[]) => shares.reduce((sum, s) => sum + s.amount, 0)

/** Caps a rule's shares at `cap` cents, re-spread over the same lines so they still add up exactly. */
export const capShares = (shares: Share[], cap: number | null | undefined): Share[] => {
  if (cap == null || sumShares(shares) <= cap) return shares
  return allocate(
    cap,
    shares.map((s) => s.index),
    shares.map((s) => s.amount)
  )
}
