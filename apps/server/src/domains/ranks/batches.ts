import type { Knex } from 'knex'
import type { RankChangeReason } from '@emporia/shared'
import type { LedgerEnv } from '../stock/moves'
import { newObjectId } from '../../platform/http/object-id'
import { shopTransaction } from '../../platform/tenancy'
import { loadRankSettings, recomputeRank, type RecomputeResult } from './recompute'

/** Customers per transaction: a sweep or a settings change never holds one long transaction over a big shop. */
export const RANK_BATCH = 200

export interface BatchOptions {
  env?: LedgerEnv
  rowSecurity?: boolean
  now?: Date
  batch?: number
  /** Called inside each batch's transaction with how many customers are done so far (progress, decision 0154). */
  onBatch?: (trx: Knex.Transaction, done: number) => Promise<void>
}

/**
 * Every customer of a shop decided again (reason `settings` when a group changes with upgradeUsers
 * on, `rebuild` from the command), a batch of customers per transaction, in id order. Answers every
 * customer's result (a rebuild reports the differences).
 */
export const recomputeShop = async (
  knex: Knex,
  shop: string,
  reason: RankChangeReason,
  options: BatchOptions = {}
): Promise<RecomputeResult[]> => {
  const batch = options.batch ?? RANK_BATCH
  const results: RecomputeResult[] = []
  let after = ''
  let seen = 0
  for (;;) {
    const done = await shopTransaction(knex, options.rowSecurity === true, shop, async (trx, wall) => {
      const settings = await loadRankSettings(trx, shop)
      if (!settings) return 0
      const ids = (await trx('shopUsers')
        .where({ shop })
        .where('_id', '>', after)
        .orderBy('_id')
        .limit(batch)
        .pluck('_id')) as string[]
      for (const id of ids) {
        const result = await recomputeRank(trx, shop, id, reason, { settings, wall, env: options.env, now: options.now })
        if (result) results.push(result)
      }
      if (ids.length) after = ids[ids.length - 1]
      seen += ids.length
      await options.onBatch?.(trx, seen)
      return ids.length
    })
    if (done < batch) return results
  }
}

/**
 * The daily expiry sweep (decision 0084): customers whose rank expiry has passed, across shops, a
 * batch per transaction, each decided again and logged `expired`. A shop without an enabled group
 * has nothing to decide a rank again with: the expired rank simply ends. Runs as the owner. Answers
 * how many customers it looked at.
 */
export const sweepExpiredRanks = async (knex: Knex, options: BatchOptions = {}): Promise<number> => {
  const now = options.now ?? new Date()
  const batch = options.batch ?? RANK_BATCH
  let seen = 0
  let after = ''
  for (;;) {
    const count = await knex.transaction(async (trx) => {
      const rows = (await trx('shopUsers')
        .where('rankExpiry', '<=', now)
        .where('_id', '>', after)
        .orderBy('_id')
        .limit(batch)
        .select('_id', 'shop')) as { _id: string; shop: string }[]
      const settingsOf = new Map<string, Awaited<ReturnType<typeof loadRankSettings>>>()
      for (const row of rows) {
        if (!settingsOf.has(row.shop)) settingsOf.set(row.shop, await loadRankSettings(trx, row.shop))
        const settings = settingsOf.get(row.shop) ?? null
        if (settings) await recomputeRank(trx, row.shop, row._id, 'expired', { settings, now, env: options.env })
        else await endRank(trx, row.shop, row._id, now)
      }
      if (rows.length) after = rows[rows.length - 1]._id
      return rows.length
    })
    seen += count
    if (count < batch) return seen
  }
}

/** An expired rank of a shop with no enabled group ends: no rank, logged `expired`. */
const endRank = async (trx: Knex.Transaction, shop: string, user: string, now: Date) => {
  const row = (await trx('shopUsers').where({ _id: user, shop }).forUpdate().first('rank', 'cachedAmount')) as
    { rank: string | null; cachedAmount: number | null } | undefined
  if (!row) return
  await trx('shopUsers').where({ _id: user, shop }).update({ rank: null, rankExpiry: null, updatedAt: trx.fn.now() })
  await trx('shopRankLogs').insert({
    _id: newObjectId(),
    shop,
    user,
    from: row.rank,
    to: null,
    reason: 'expired',
    amount: Number(row.cachedAmount ?? 0),
    expiry: null,
    order: null,
    date: now.toISOString()
  })
}
