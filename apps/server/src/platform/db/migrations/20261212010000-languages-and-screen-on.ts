import type { Knex } from 'knex'

/**
 * Two settings/shop switches that were stored only now do what they say (decision 0196), and both start
 * on so nothing a shop shows changes: `i18n` (the storefront offers the languages settings/ui lists; off,
 * only the default one) and `multiscreen` (the till offers the customer-facing second screen). Every
 * storefront offered its languages and every till could feed a customer screen before, so both are on
 * for the shops there are, and new shops start with them on, as a Hong Kong shop selling in English and
 * Chinese expects.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    table.boolean('i18n').notNullable().defaultTo(true).alter()
    table.boolean('multiscreen').notNullable().defaultTo(true).alter()
  })
  await knex('shops').update({ i18n: true, multiscreen: true })
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    table.boolean('i18n').notNullable().defaultTo(false).alter()
    table.boolean('multiscreen').notNullable().defaultTo(false).alter()
  })
}
