import type { Knex } from 'knex'
import { bulkOrderStatusSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** BulkOrderStatus records (`bulkOrderStatuses`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'bulkOrderStatuses', bulkOrderStatusSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'bulkOrderStatuses')
