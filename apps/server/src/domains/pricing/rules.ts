import type { Knex } from 'knex'
import { discountSchema, isOnlineSource, type Discount } from '@emporia/shared'
import { asRecord } from '../stock/changes'

export type Channel = 'pos' | 'eshop'

/**
 * The engine's channel for an order's source (decision 0092): the counter is `pos`, the online shop
 * and the app are `eshop`; an order typed in the back-office is staff selling for the shop, as at
 * the counter, so it is `pos` too (and its manual discount counts against the staff's budget).
 */
export const channelOf = (source: string): Channel => (isOnlineSource(source) ? 'eshop' : 'pos')

/**
 * The shop's rules that may apply on this channel: valid ones for it or for both. Dates, times, ranks
 * and thresholds are the engine's to weigh (it says why a rule did not apply); drafts and rules of the
 * other channel are never shown to it.
 */
export const loadRules = async (trx: Knex.Transaction, shop: string, channel: Channel): Promise<Discount[]> => {
  const rows = (await trx('discounts')
    .where({ shop, status: 'valid' })
    .whereIn('avail', [channel, 'both'])
    .orderBy('_id')) as Record<string, unknown>[]
  return rows.map((row) => toDiscount(row))
}

/** A row as the shared schema reads it: dates as ISO text, no nulls for absent fields. */
const toDiscount = (row: Record<string, unknown>): Discount => {
  const dated = { ...row }
  for (const key of ['validFrom', 'validTo', 'createdAt', 'updatedAt'])
    if (dated[key] instanceof Date) dated[key] = (dated[key] as Date).toISOString()
  return asRecord(discountSchema, dated)
}

/** The customer's rank while it holds (a lapsed rank the sweep has not reached yet counts as none). */
export const customerRank = async (trx: Knex.Transaction, shop: string, user: string, now: Date) => {
  const row = (await trx('shopUsers').where({ shop, _id: user }).first('rank', 'rankExpiry')) as
    { rank: string | null; rankExpiry: Date | string | null } | undefined
  if (!row?.rank) return null
  if (row.rankExpiry && new Date(row.rankExpiry).getTime() <= now.getTime()) return null
  return row.rank
}
