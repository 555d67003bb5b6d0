import { assertCents, type Cents } from '../platform/money'

/** How an amount is rounded to its factor (spec §5.4, §3.1 roundingMode / subtotalRoundingMode). */
export const roundingModes = ['roundOff', 'roundUp', 'roundDown'] as const
export type RoundingMode = (typeof roundingModes)[number]

/**
 * A shop's rounding settings (spec §3.1). Factors are integer cents: 10 rounds to HK$0.10, 100 to
 * HK$1. An unset (null, absent or 0) factor means no rounding; an unset mode means roundOff.
 */
export interface RoundingSettings {
  roundingFactor?: number | null
  roundingMode?: RoundingMode | null
  subtotalRoundingFactor?: number | null
  subtotalRoundingMode?: RoundingMode | null
}

/**
 * Rounds cents to a multiple of `factor`, exactly (integer remainders, no floating division).
 * Decision 0079: roundUp is the ceiling and roundDown the floor on the number line, for negative
 * amounts too (so roundUp ≥ x ≥ roundDown always); roundOff is the nearest multiple, a tie going
 * away from zero (as `toCents` does, decision 0003), so roundOff(−x) = −roundOff(x).
 */
export const roundCents = (cents: Cents, factor: number | null | undefined, mode: RoundingMode = 'roundOff'): Cents => {
  assertCents(cents)
  // `+ 0` turns −0 into 0: an amount of nothing has no sign.
  if (!factor) return cents + 0
  if (!Number.isSafeInteger(factor) || factor < 0) throw new RangeError(`Not a rounding factor: ${factor}`)
  // The remainder on the floor side: 0 ≤ below < factor, exact for safe integers.
  const below = ((cents % factor) + factor) % factor
  if (below === 0) return cents + 0
  const floor = cents - below
  const ceiling = floor + factor
  const rounded =
    mode === 'roundUp'
      ? ceiling
      : mode === 'roundDown'
        ? floor
        : 2 * below > factor || (2 * below === factor && cents > 0)
          ? ceiling
          : floor
  assertCents(rounded)
  return rounded === 0 ? 0 : rounded
}

export interface RoundedOrder {
  /** The line sum after the subtotal rounding. */
  subtotal: Cents
  /** What the customer pays: never below 0. */
  total: Cents
  /** Every adjustment together: `subtotal (as given) − discount + rounding = total`, exactly. */
  rounding: Cents
}

/**
 * An order's amounts under the shop's rounding (spec §5.4; decision 0079):
 * 1. subtotal = the line sum rounded by subtotalRoundingFactor / subtotalRoundingMode;
 * 2. total = (rounded subtotal − discount) rounded by roundingFactor / roundingMode, at least 0;
 * 3. rounding = total − (line sum − discount), the whole adjustment measured from the unrounded line
 *    sum, so `lineSum − discount + rounding = total` holds exactly. A discount larger than the
 *    subtotal leaves a total of 0, the difference showing in `rounding` (order services refuse such
 *    discounts before they get here).
 */
export const roundOrder = (subtotal: Cents, discount: Cents, settings: RoundingSettings | undefined): RoundedOrder => {
  assertCents(subtotal)
  assertCents(discount)
  const s = settings ?? {}
  const roundedSubtotal = roundCents(subtotal, s.subtotalRoundingFactor, s.subtotalRoundingMode ?? 'roundOff')
  const total = Math.max(0, roundCents(roundedSubtotal - discount, s.roundingFactor, s.roundingMode ?? 'roundOff'))
  const rounding = total - (subtotal - discount)
  return { subtotal: roundedSubtotal, total, rounding: rounding === 0 ? 0 : rounding }
}

export type RoundingProblemKey = 'rounding.totalFactorRequired' | 'rounding.totalBelowSubtotal' | 'rounding.notDivisible'

/** The English wording of each rule (the server's messages; the web translates the keys). */
export const roundingMessages: Record<RoundingProblemKey, string> = {
  'rounding.totalFactorRequired': 'You must set Total Rounding Factor too',
  'rounding.totalBelowSubtotal': 'Total Rounding Factor must be greater than or equal to Subtotal Rounding Factor',
  'rounding.notDivisible': 'Total Rounding Factor must be divisible by Subtotal Rounding Factor'
}

/**
 * The first §5.4 rule the settings break, on the total factor's field, or null: a subtotal factor
 * needs a total factor, at least as large, and a multiple of it (so rounding the total keeps the
 * subtotal's step). The settings screen shows it as the merchant types; the shops service refuses it.
 */
export const roundingProblem = (s: RoundingSettings): { key: RoundingProblemKey; field: 'roundingFactor' } | null => {
  const sub = s.subtotalRoundingFactor
  const total = s.roundingFactor
  if (!sub) return null
  if (!total) return { key: 'rounding.totalFactorRequired', field: 'roundingFactor' }
  if (total < sub) return { key: 'rounding.totalBelowSubtotal', field: 'roundingFactor' }
  if (total % sub !== 0) return { key: 'rounding.notDivisible', field: 'roundingFactor' }
  return null
}
