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
  /** The product's number in this cart (0, 1, … by first appearance): groups goods product by product. */
  product: number
}

/** Cents a rule takes off lines: `amounts[i]` off the line numbered `indices[i]` (parallel arrays, no object per line). */
export interface Shares {
  indices: number[]
  amounts: number[]
}

/** What a rule gives when it applies. */
export interface Gain {
  shares: Shares
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
  matched: readonly WorkLine[]
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

/** `a × b / c` rounded down (non-negative integers), exact even when `a × b` passes 2^53. */
export const mulDiv = (a: number, b: number, c: number): number => {
  const product = a * b
  // (p − p mod c) / c is an exact division; p / c in floating point may round up to the next integer.
  if (Number.isSafeInteger(product)) return (product - (product % c)) / c
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
export const allocate = (total: number, lines: readonly number[], weights: readonly number[]): Shares => {
  const n = weights.length
  let sum = 0
  for (let i = 0; i < n; i++) sum += weights[i]
  if (total <= 0 || sum <= 0) return { indices: [], amounts: [] }
  const amount = Math.min(total, sum)
  if (n === 1) return { indices: [lines[0]], amounts: [amount] }
  if (amount === sum) return positive(lines, weights)
  const shares = new Array<number>(n)
  const rests = new Array<number>(n)
  // Every weight × amount is at most sum × amount: one check covers them all.
  const exact = Number.isSafeInteger(sum * amount)
  let left = amount
  for (let i = 0; i < n; i++) {
    if (exact) {
      const product = weights[i] * amount
      rests[i] = product % sum
      shares[i] = (product - rests[i]) / sum
    } else {
      const product = BigInt(weights[i]) * BigInt(amount)
      rests[i] = Number(product % BigInt(sum))
      shares[i] = Number(product / BigInt(sum))
    }
    left -= shares[i]
  }
  if (left > 0) {
    // Fewer cents are left than lines with a remainder: the `left` largest remainders take one each,
    // ties to the earlier line. The cut-off remainder comes from a native numeric sort (no comparator).
    const cut = Float64Array.from(rests).sort()[n - left]
    for (let i = 0; i < n && left > 0; i++)
      if (rests[i] > cut) {
        shares[i] += 1
        left -= 1
      }
    for (let i = 0; i < n && left > 0; i++)
      if (rests[i] === cut) {
        shares[i] += 1
        left -= 1
      }
  }
  return positive(lines, shares)
}

/** The lines with a positive amount. */
const positive = (lines: readonly number[], amounts: readonly number[]): Shares => {
  const out: Shares = { indices: [], amounts: [] }
  for (let i = 0; i < amounts.length; i++)
    if (amounts[i] > 0) {
      out.indices.push(lines[i])
      out.amounts.push(amounts[i])
    }
  return out
}

export const sumShares = (shares: Shares) => {
  let sum = 0
  for (const amount of shares.amounts) sum += amount
  return sum
}

/** Caps a rule's shares at `cap` cents, re-spread over the same lines so they still add up exactly. */
export const capShares = (shares: Shares, cap: number | null | undefined): Shares =>
  cap == null || sumShares(shares) <= cap ? shares : allocate(cap, shares.indices, shares.amounts)
