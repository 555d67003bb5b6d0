import type { Knex } from 'knex'
import { purchasingOrderStatusSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** PurchasingOrderStatus records (`purchasingOrderStatuses`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'purchasingOrderStatuses', purchasingOrderStatusSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'purchasingOrderStatuses')
