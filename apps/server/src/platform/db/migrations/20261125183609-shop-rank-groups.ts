import type { Knex } from 'knex'
import { shopRankGroupSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** ShopRankGroup records (`shopRankGroups`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'shopRankGroups', shopRankGroupSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'shopRankGroups')
