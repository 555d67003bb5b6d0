import type { Knex } from 'knex'
import { companyUserSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** CompanyUser records (`companyUsers`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'companyUsers', companyUserSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'companyUsers')
