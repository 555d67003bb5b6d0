import type { Knex } from 'knex'
import { shopRankSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** ShopRank records (`shopRanks`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'shopRanks', shopRankSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'shopRanks')
