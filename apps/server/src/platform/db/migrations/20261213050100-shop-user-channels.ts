import type { Knex } from 'knex'
import { shopUserSchema } from '@emporia/shared'
import { addSchemaColumns } from './schema-table'

/** A customer's app and mini-program sign-ins (decision 0204): `channels`, `channel` and `lastSeenAt`. */
export const up = async (knex: Knex) => {
  await addSchemaColumns(knex, 'shopUsers', shopUserSchema)
  await knex.schema.alterTable('shopUsers', (table) => table.index(['shop', 'channel', 'lastSeenAt']))
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shopUsers', (table) => {
    table.dropIndex(['shop', 'channel', 'lastSeenAt'])
    table.dropColumn('channels')
    table.dropColumn('channel')
    table.dropColumn('lastSeenAt')
  })
}
