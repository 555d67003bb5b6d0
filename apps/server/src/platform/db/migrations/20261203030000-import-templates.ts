import type { Knex } from 'knex'
import { importTemplateSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** Import template records (`importTemplates`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'importTemplates', importTemplateSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'importTemplates')
