import type { Knex } from 'knex'
import { cashCheckSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/**
 * The cashbox log (`cashboxLogs`, decision 0081): the table is made from the shared schema, behind the
 * wall. A check finds its drawer's previous valid count by (shop, cashier, date); the list filters by
 * date, type and status.
 */
export const up = (knex: Knex) =>
  createShopTable(knex, 'cashboxLogs', cashCheckSchema, {
    indexes: [['date'], ['cashier', 'date'], ['type', 'date'], ['status', 'date']]
  })

export const down = (knex: Knex) => dropShopTable(knex, 'cashboxLogs')
