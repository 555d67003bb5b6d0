import { toCents } from '@emporia/shared'

/** The schema's ceiling of a staff discount limit, in cents (shop.schema.ts `monthlyDiscount`). */
const LIMIT_MAX = 100_000_000_000
const AMOUNT = /^\d+(\.\d{1,2})?$/

/**
 * A discount limit as typed in HK$ → exact cents: at most two decimals, refused rather than rounded
 * (a budget read back must be the one typed); empty → null (no limit); undefined when it is no amount.
 */
export const parseLimit = (value: unknown): number | null | undefined => {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 && value <= LIMIT_MAX ? value : undefined
  if (typeof value !== 'string') return undefined
  const text = value.trim().replace(/^\$/, '').replace(/,/g, '')
  if (text === '') return null
  if (!AMOUNT.test(text)) return undefined
  const cents = toCents(text)
  return cents <= LIMIT_MAX ? cents : undefined
}
