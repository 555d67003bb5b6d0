import type { Knex } from 'knex'

/**
 * Sub-shop links (decision 0087): a sub-shop entry of a parent names the sub-shop's own shop, so the
 * parent can read that shop's sales and stock. A shop is the sub-shop of one parent at most; a shop
 * removed takes its links with it.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('shopMembers', (table) => {
    table.specificType('subShop', 'char(24)').references('_id').inTable('shops').onDelete('SET NULL')
  })
  await knex.raw(`create unique index "shopMembers_subShop_unique" on "shopMembers" ("subShop") where "subShop" is not null`)
}

export const down = async (knex: Knex) => {
  await knex.raw(`drop index if exists "shopMembers_subShop_unique"`)
  await knex.schema.alterTable('shopMembers', (table) => {
    table.dropColumn('subShop')
  })
}
