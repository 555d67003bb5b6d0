import type { Knex } from 'knex'

/**
 * The shop's multiscreen switch (settings/shop) and an order's age confirmation (shop flag ageRestricted,
 * decision 0178). The tracking link lives in the order's `ship` JSON and needs no column.
 */
export const up = async (knex: Knex) => {
  if (!(await knex.schema.hasColumn('shops', 'multiscreen')))
    await knex.schema.alterTable('shops', (table) => table.boolean('multiscreen').notNullable().defaultTo(false))
  if (!(await knex.schema.hasColumn('orders', 'ageConfirmed')))
    await knex.schema.alterTable('orders', (table) => table.boolean('ageConfirmed').nullable())
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('orders', (table) => table.dropColumn('ageConfirmed'))
  await knex.schema.alterTable('shops', (table) => table.dropColumn('multiscreen'))
}
