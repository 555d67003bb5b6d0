import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { recordColumns } from './columns'

const SHOP_COLUMNS = [
  'roundingFactor',
  'roundingMode',
  'subtotalRoundingFactor',
  'subtotalRoundingMode',
  'orderIdList',
  'timeZone',
  'bankTransfer',
  'posExtraPaymentMethods',
  'invoiceType',
  'cardPayment'
]

/**
 * The shop's checkout settings (decision 0079), written out rather than read from the live schema
 * (the shops table was always hand-made), and `shopSecrets`: a shop's write-only credentials, out of
 * the shop row so that no read of a shop can carry them, behind the row-security wall.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    table.bigInteger('roundingFactor')
    table.text('roundingMode')
    table.bigInteger('subtotalRoundingFactor')
    table.text('subtotalRoundingMode')
    table.jsonb('orderIdList')
    table.text('timeZone')
    table.jsonb('bankTransfer')
    table.jsonb('posExtraPaymentMethods')
    table.text('invoiceType')
    table.jsonb('cardPayment')
  })
  await knex.schema.createTable('shopSecrets', (table) => {
    recordColumns(table, knex)
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('name').notNullable()
    table.text('value').notNullable()
    table.unique(['shop', 'name'], { indexName: 'shopSecrets_shop_name_unique' })
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, 'shopSecrets')
}

export const down = async (knex: Knex) => {
  await knex.schema.dropTable('shopSecrets')
  await knex.schema.alterTable('shops', (table) => {
    for (const column of SHOP_COLUMNS) table.dropColumn(column)
  })
}
