import type { Knex } from 'knex'
import { discountSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** Discount records (`discounts`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'discounts', discountSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'discounts')
