import type { Knex } from 'knex'
import { promotionSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** Promotion records (`promotions`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'promotions', promotionSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'promotions')
