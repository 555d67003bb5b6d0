import type { Knex } from 'knex'

/**
 * `useInventory` means "the shop tracks stock" (decision 0178): every shop did until now, so it is on for
 * the shops there are and for new ones. Off, sales are never refused for stock and the Warehouses screens
 * are hidden; the ledger keeps recording every move.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => table.boolean('useInventory').notNullable().defaultTo(true).alter())
  await knex('shops').update({ useInventory: true })
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => table.boolean('useInventory').notNullable().defaultTo(false).alter())
}
