import type { Knex } from 'knex'
import { bannerSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** Banner records (`banners`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'banners', bannerSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'banners')
