import type { Knex } from 'knex'
import { bulkOrderSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** BulkOrder records (`bulkOrders`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'bulkOrders', bulkOrderSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'bulkOrders')
