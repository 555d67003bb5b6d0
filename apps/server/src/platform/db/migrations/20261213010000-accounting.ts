import type { Knex } from 'knex'
import { accountingAuthStateSchema, accountingConnectionSchema, accountingSyncSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/**
 * The accounting integration (decision 0197): a shop's connection (one), its authorization attempts
 * (a state's hash is unique) and its sync log, one row per shop, kind and record: that unique index is
 * the last word on "one invoice per order", whoever enlists it. All behind the wall (decision 0074).
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'accountingConnections', accountingConnectionSchema)
  await knex.schema.alterTable('accountingConnections', (table) =>
    table.unique(['shop'], { indexName: 'accountingConnections_shop' })
  )
  await createShopTable(knex, 'accountingAuthStates', accountingAuthStateSchema)
  await knex.schema.alterTable('accountingAuthStates', (table) =>
    table.unique(['stateHash'], { indexName: 'accountingAuthStates_hash' })
  )
  await createShopTable(knex, 'accountingSyncs', accountingSyncSchema, { indexes: [['status']] })
  await knex.schema.alterTable('accountingSyncs', (table) =>
    table.unique(['shop', 'kind', 'record'], { indexName: 'accountingSyncs_record' })
  )
}

export const down = async (knex: Knex) => {
  await dropShopTable(knex, 'accountingSyncs')
  await dropShopTable(knex, 'accountingAuthStates')
  await dropShopTable(knex, 'accountingConnections')
}
