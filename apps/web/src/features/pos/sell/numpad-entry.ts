import { parseCents } from './tender'

/*
 * What the counter's numpad types (decision 0143): a quantity (whole units, or thousandths when weighed)
 * or an amount of money (cents, two decimals at most). A key that would make the entry something the till
 * cannot take is refused (the entry stays as it was); nothing is ever rounded.
 */

export type EntryKind = 'units' | 'weight' | 'money'
export type NumpadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '00' | '.' | 'back' | 'clear'

/** Decimals each kind may have. */
const DECIMALS: Record<EntryKind, number> = { units: 0, weight: 3, money: 2 }
/** Whole digits each kind may have: a million units at most (the cart's bound), nine for money (parseCents). */
const WHOLE_DIGITS: Record<EntryKind, number> = { units: 7, weight: 7, money: 9 }
const MAX_QUANTITY = 1_000_000

/** The entry after `key`, or null when the key is refused. */
export const pressKey = (entry: string, key: NumpadKey, kind: EntryKind): string | null => {
  if (key === 'clear') return ''
  if (key === 'back') return entry.slice(0, -1)
  if (key === '.') {
    if (DECIMALS[kind] === 0 || entry.includes('.')) return null
    return entry === '' ? '0.' : `${entry}.`
  }
  let next = entry
  for (const digit of key) {
    const candidate = next === '0' ? digit : `${next}${digit}`
    if (!fits(candidate, kind)) return null
    next = candidate
  }
  return next
}

const fits = (entry: string, kind: EntryKind): boolean => {
  const [whole, decimals] = entry.split('.')
  if (decimals !== undefined && decimals.length > DECIMALS[kind]) return false
  if (whole.length > WHOLE_DIGITS[kind]) return false
  if (kind !== 'money' && Number(entry) > MAX_QUANTITY) return false
  return true
}

/**
 * The entry's value: a quantity (greater than 0) or cents (0 or more), exactly as typed; null when there is
 * nothing to take (empty, a lone point, a zero quantity) or the text is not of this kind.
 */
export const entryValue = (entry: string, kind: EntryKind): number | null => {
  const text = entry.endsWith('.') ? entry.slice(0, -1) : entry
  if (!/^\d+(\.\d+)?$/.test(text) || !fits(text, kind)) return null
  if (kind === 'money') return parseCents(text)
  const quantity = Number(text)
  return quantity > 0 ? quantity : null
}
