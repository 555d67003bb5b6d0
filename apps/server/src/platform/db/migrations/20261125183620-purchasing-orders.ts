import type { Knex } from 'knex'
import { purchasingOrderSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** PurchasingOrder records (`purchasingOrders`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'purchasingOrders', purchasingOrderSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'purchasingOrders')
