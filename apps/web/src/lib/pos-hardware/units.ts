import type { WeightUnit } from '@emporia/shared'

/*
 * Weights move between units exactly (decision 0097). A weight is an integer count of thousandths of its
 * unit, the way the order stores it; each unit is an exact ratio to the gram (the Hong Kong catty is
 * 604.78982 g by law, its tael a sixteenth of that; the avoirdupois pound 453.59237 g, its ounce a
 * sixteenth). A conversion that does not land on a whole thousandth is refused — null — never rounded;
 * only `convertWeightForDisplay` rounds, half away from zero, for what is shown and not stored.
 */

/** Grams per unit as numerator / denominator. */
const gramsPer: Record<WeightUnit, [bigint, bigint]> = {
  kg: [1000n, 1n],
  g: [1n, 1n],
  lb: [45359237n, 100000n],
  oz: [45359237n, 1600000n],
  hk_catty: [60478982n, 100000n],
  tael: [60478982n, 1600000n]
}

const ratio = (from: WeightUnit, to: WeightUnit): [bigint, bigint] => {
  const [fromN, fromD] = gramsPer[from]
  const [toN, toD] = gramsPer[to]
  return [fromN * toD, fromD * toN]
}

/** `thousandths` of `from` in thousandths of `to`, or null when that is not a whole number. */
export const convertWeight = (thousandths: number, from: WeightUnit, to: WeightUnit): number | null => {
  if (!Number.isSafeInteger(thousandths)) return null
  const [n, d] = ratio(from, to)
  const scaled = BigInt(thousandths) * n
  return scaled % d === 0n ? Number(scaled / d) : null
}

/** As `convertWeight`, rounded half away from zero to a thousandth: for display only. */
export const convertWeightForDisplay = (thousandths: number, from: WeightUnit, to: WeightUnit): number => {
  const [n, d] = ratio(from, to)
  const scaled = BigInt(Math.trunc(thousandths)) * n
  const sign = scaled < 0n ? -1n : 1n
  const magnitude = scaled * sign
  return Number((sign * (magnitude * 2n + d)) / (2n * d))
}

/**
 * A decimal text ("1.234", "-0.5", " 12") as integer thousandths, or null when it has more than three
 * decimals or is not a number: the scale's and the keyboard's digits are read as text, never as floats.
 */
export const parseThousandths = (text: string): number | null => {
  const match = /^\s*([+-]?)\s*(\d*)(?:\.(\d*))?\s*$/.exec(text)
  if (!match || (!match[2] && !match[3])) return null
  const decimals = (match[3] ?? '').replace(/0+$/, '')
  if (decimals.length > 3) return null
  const value = Number(match[2] || '0') * 1000 + Number(decimals.padEnd(3, '0') || '0')
  if (!Number.isSafeInteger(value)) return null
  return match[1] === '-' ? -value : value
}

/** A reading's value (as sent, in its unit) in thousandths, or null when it is finer than that. */
export const readingThousandths = (value: number): number | null => {
  const thousandths = Math.round(value * 1000)
  return Math.abs(value * 1000 - thousandths) < 1e-6 ? thousandths : null
}

/** Thousandths as "1.234" (trailing zeros kept: scales and receipts print fixed decimals). */
export const formatThousandths = (thousandths: number) => {
  const sign = thousandths < 0 ? '-' : ''
  const abs = Math.abs(thousandths)
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`
}
