import type { Knex } from 'knex'

const TEXT_COLUMNS = ['posFooterDomain', 'posAppLink', 'posProductLink', 'posCode', 'bundlePopup']

/**
 * The receipt's footer domain, app and product links, the shop's POS code and the bundle popup (spec §3.1;
 * decision 0182): each empty until set in settings/pos, so a shop's receipts print as before.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    for (const column of TEXT_COLUMNS) table.text(column)
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    for (const column of TEXT_COLUMNS) table.dropColumn(column)
  })
}
