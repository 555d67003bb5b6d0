import type { Knex } from 'knex'
import { recomputeShop } from './batches'

export interface RankDifference {
  shop: string
  customer: string
  amount: { was: number; now: number }
  rank: { was: string | null; now: string | null }
  expiry: { was: string | null; now: string | null }
}

/**
 * Every customer's accumulated amount and rank decided again from the orders (decision 0084), in
 * every shop with an enabled rank group (or one shop): what was stored and differed is corrected,
 * logged `rebuild`, and reported. Zero differences means cachedAmount was what the rule computes.
 */
export const rebuildRanks = async (knex: Knex, shop?: string, now = new Date()) => {
  const shops = shop
    ? [shop]
    : ((await knex('shopRankGroups').where({ enabled: true }).distinct('shop').orderBy('shop').pluck('shop')) as string[])
  const differences: RankDifference[] = []
  let customers = 0
  for (const id of shops) {
    const results = await recomputeShop(knex, id, 'rebuild', { now })
    customers += results.length
    for (const { customer, before, decision } of results)
      if (before.amount !== decision.amount || before.rank !== decision.rank || before.expiry !== decision.expiry)
        differences.push({
          shop: id,
          customer,
          amount: { was: before.amount, now: decision.amount },
          rank: { was: before.rank, now: decision.rank },
          expiry: { was: before.expiry, now: decision.expiry }
        })
  }
  return { shops: shops.length, customers, differences }
}
