import type { Knex } from 'knex'
import { orderSchema } from '@emporia/shared'
import { addSchemaColumns } from './schema-table'

/** Orders keep the language a storefront order was placed in (`locale`), for the mails that follow it. */
export const up = async (knex: Knex) => {
  await addSchemaColumns(knex, 'orders', orderSchema)
}

export const down = async () => {}
