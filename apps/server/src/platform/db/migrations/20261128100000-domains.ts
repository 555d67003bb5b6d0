import type { Knex } from 'knex'
import { domainSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/**
 * Domain records (`domains`, decision 0112), made from the shared schema behind the wall. A name is unique
 * across all shops: the index sees every shop's rows whatever the wall, so one shop cannot claim another's.
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'domains', domainSchema, { indexes: [['status']] })
  await knex.schema.alterTable('domains', (table) => table.unique(['name'], { indexName: 'domains_name_unique' }))
}

export const down = (knex: Knex) => dropShopTable(knex, 'domains')
