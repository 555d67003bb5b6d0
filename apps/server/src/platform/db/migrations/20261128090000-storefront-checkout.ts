import type { Knex } from 'knex'
import { orderSchema } from '@emporia/shared'
import { addSchemaColumns } from './schema-table'

/**
 * The storefront's checkout (decision 0109): the order's `shipping` (method and fee), from the schema,
 * and the shop's pick-up setting (cash on pick-up) beside the other checkout settings of the
 * hand-made shops table.
 */
export const up = async (knex: Knex) => {
  await addSchemaColumns(knex, 'orders', orderSchema)
  await knex.schema.alterTable('shops', (table) => {
    table.jsonb('pickUp')
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => table.dropColumn('pickUp'))
  await knex.schema.alterTable('orders', (table) => table.dropColumn('shipping'))
}
