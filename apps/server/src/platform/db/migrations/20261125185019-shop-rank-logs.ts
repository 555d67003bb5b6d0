import type { Knex } from 'knex'
import { shopRankLogSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/**
 * The rank history (`shopRankLogs`, decision 0084), made from the shared schema behind the wall: a
 * customer's history is read by user and date. The daily sweep looks for ranks whose expiry has
 * passed, and a rank's removal for customers still holding it: both get an index of their own.
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'shopRankLogs', shopRankLogSchema, { indexes: [['user', 'date'], ['date']] })
  await knex.raw(`create index "shopUsers_rank_expiry" on "shopUsers" ("rankExpiry") where "rankExpiry" is not null`)
  await knex.raw(`create index "shopUsers_shop_rank" on "shopUsers" ("shop", "rank") where "rank" is not null`)
  // One enabled group decides a shop's ranks, and a group's thresholds differ: the services say so
  // in words, these indexes make it hold under concurrent writes too.
  await knex.raw(`create unique index "shopRanks_shop_group_amount" on "shopRanks" ("shop", "group", "amount")`)
  await knex.raw(`create unique index "shopRankGroups_one_enabled" on "shopRankGroups" ("shop") where "enabled" = true`)
}

export const down = async (knex: Knex) => {
  await knex.raw(`drop index if exists "shopRankGroups_one_enabled"`)
  await knex.raw(`drop index if exists "shopRanks_shop_group_amount"`)
  await knex.raw(`drop index if exists "shopUsers_shop_rank"`)
  await knex.raw(`drop index if exists "shopUsers_rank_expiry"`)
  await dropShopTable(knex, 'shopRankLogs')
}
