import type { Values } from '../../lib/form-values'

/** A value with nothing in it: what an untouched input holds, in whichever form the input keeps it. */
const blank = (value: unknown): boolean => {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.values(value as Values).every(blank)
  return false
}

/** The meaningful content of a value: blanks dropped, keys in one order, numbers typed as text as numbers. */
const canonical = (value: unknown): unknown => {
  if (blank(value)) return null
  if (Array.isArray(value)) return value.map(canonical)
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value as Values)
        .filter((key) => !blank((value as Values)[key]))
        .sort()
        .map((key) => [key, canonical((value as Values)[key])])
    )
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return value
}

/**
 * True when the form holds something its starting values did not: an emptied optional text, a
 * language left blank or a number typed back to what it was is no change (nothing to lose).
 */
export const valuesChanged = (start: Values, current: Values): boolean =>
  JSON.stringify(canonical(start)) !== JSON.stringify(canonical(current))
