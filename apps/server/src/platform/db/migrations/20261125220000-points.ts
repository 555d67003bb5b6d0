import type { Knex } from 'knex'
import { pointLogSchema, shopUserPointSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/**
 * Loyalty points (decision 0091): the lots (`shopUserPoints`) and the log (`pointLogs`), made from the
 * shared schemas behind the wall. Spending reads a customer's valid lots of a type by expiry; a refund
 * finds an order's log rows; the daily sweep looks for valid lots whose expiry has passed, in every shop.
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'shopUserPoints', shopUserPointSchema, {
    indexes: [['user', 'pointType', 'status', 'expiresAt'], ['order']]
  })
  await createShopTable(knex, 'pointLogs', pointLogSchema, { indexes: [['user', 'date'], ['order'], ['lot']] })
  await knex.raw(`create index "shopUserPoints_valid_expiry" on "shopUserPoints" ("expiresAt") where "status" = 'valid'`)
}

export const down = async (knex: Knex) => {
  await knex.raw(`drop index if exists "shopUserPoints_valid_expiry"`)
  await dropShopTable(knex, 'pointLogs')
  await dropShopTable(knex, 'shopUserPoints')
}
