import type { Knex } from 'knex'
import { domainSchema } from '@emporia/shared'
import { addSchemaColumns } from './schema-table'

/** A domain's `expiryWarned`: the last warning of its registration's end the admins were sent (decision 0158). */
export const up = (knex: Knex) => addSchemaColumns(knex, 'domains', domainSchema)

export const down = (knex: Knex) =>
  knex.schema.alterTable('domains', (table) => {
    table.dropColumn('expiryWarned')
  })
