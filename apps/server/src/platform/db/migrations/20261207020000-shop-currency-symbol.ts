import type { Knex } from 'knex'

/** The shop's money symbol (spec §9.1; decision 0187): "$" until the shop chooses "HK$". */
export const up = async (knex: Knex) => {
  if (!(await knex.schema.hasColumn('shops', 'currencySymbol')))
    await knex.schema.alterTable('shops', (table) => table.string('currencySymbol', 8).nullable())
}

export const down = (knex: Knex) => knex.schema.alterTable('shops', (table) => table.dropColumn('currencySymbol'))
