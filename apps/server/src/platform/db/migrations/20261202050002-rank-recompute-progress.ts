import type { Knex } from 'knex'
import { shopRankGroupSchema } from '@emporia/shared'
import { addSchemaColumns } from './schema-table'

/** A rank group's `recompute`: how far the re-ranking of the shop's customers has gone (decision 0154). */
export const up = (knex: Knex) => addSchemaColumns(knex, 'shopRankGroups', shopRankGroupSchema)

export const down = (knex: Knex) =>
  knex.schema.alterTable('shopRankGroups', (table) => {
    table.dropColumn('recompute')
  })
