import type { Knex } from 'knex'
import { shopUserSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** ShopUser records (`shopUsers`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'shopUsers', shopUserSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'shopUsers')
