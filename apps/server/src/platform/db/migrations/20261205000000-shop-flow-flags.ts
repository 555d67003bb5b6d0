import type { Knex } from 'knex'
import { shopFlowFlagNames } from '@emporia/shared'

/** The shop-flow flags (spec §3.1 shopFlow): each off until an admin turns it on in settings/shop. */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    for (const flag of shopFlowFlagNames) table.boolean(flag).notNullable().defaultTo(false)
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    for (const flag of shopFlowFlagNames) table.dropColumn(flag)
  })
}
