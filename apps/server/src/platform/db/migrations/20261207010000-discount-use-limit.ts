import type { Knex } from 'knex'
import { discountSchema } from '@emporia/shared'
import { addSchemaColumns } from './schema-table'

/** A discount rule's use limit (decision 0186): `limitTotal`, and `totalUsed` the orders count. */
export const up = (knex: Knex) => addSchemaColumns(knex, 'discounts', discountSchema)

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('discounts', (table) => {
    table.dropColumn('limitTotal')
    table.dropColumn('totalUsed')
  })
}
