import type { Knex } from 'knex'

/**
 * Domain claims (issue 28, decision 0121): only a verified name is unique across shops, so an unproven
 * claim blocks nobody; a shop claims a name once. The partial index keeps the old name, so a second
 * shop proving a name still reads as `domain.taken` on `name`. Claims pending now get 7 days from today.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('domains', (table) => table.dropUnique(['name'], 'domains_name_unique'))
  await knex.raw(`create unique index domains_name_unique on domains (name) where status = 'verified'`)
  await knex.schema.alterTable('domains', (table) => table.unique(['shop', 'name'], { indexName: 'domains_shop_name_unique' }))
  await knex('domains')
    .where({ status: 'pending', type: 'external' })
    .whereNull('expiresAt')
    .update({ expiresAt: knex.raw(`now() + interval '7 days'`) })
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('domains', (table) => table.dropUnique(['shop', 'name'], 'domains_shop_name_unique'))
  await knex.raw('drop index domains_name_unique')
  await knex.schema.alterTable('domains', (table) => table.unique(['name'], { indexName: 'domains_name_unique' }))
}
