import type { Knex } from 'knex'
import { pointTypeSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** PointType records (`pointTypes`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'pointTypes', pointTypeSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'pointTypes')
