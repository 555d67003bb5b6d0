import type { Knex } from 'knex'
import { cashierSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

const SHOP_COLUMNS = [
  'posDrawerOpener',
  'posGuestMode',
  'posInvoiceHeader',
  'posInvoiceFooter',
  'posInvoiceQr',
  'posBanners',
  'posCashiers'
]

/**
 * The point of sale's stations (decision 0095): cashiers from the shared schema, behind the wall, their
 * `id` unique in the shop and found by the device they are bound to; the device tokens already used (a
 * token binds once; kept until it expires, so not shop-scoped: a token is refused in every shop once
 * used); the shop's POS settings and each staff member's POS access level (both hand-made tables).
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'cashiers', cashierSchema)
  await knex.schema.alterTable('cashiers', (table) => table.unique(['shop', 'id'], { indexName: 'cashiers_id_unique' }))
  // One station per device, kept by the database too; the till finds its station by this index.
  await knex.raw('create unique index "cashiers_deviceId_unique" on cashiers (shop, "deviceId") where "deviceId" is not null')
  await knex.schema.createTable('posDeviceTokens', (table) => {
    // Per key: one device cannot spend another's token ids in advance.
    table.text('kid').notNullable()
    table.text('jti').notNullable()
    table.primary(['kid', 'jti'])
    table.timestamp('exp', { useTz: true }).notNullable().index('posDeviceTokens_exp')
  })
  await knex.schema.alterTable('shops', (table) => {
    table.text('posDrawerOpener')
    table.boolean('posGuestMode')
    table.jsonb('posInvoiceHeader')
    table.jsonb('posInvoiceFooter')
    table.boolean('posInvoiceQr')
    table.jsonb('posBanners')
    table.jsonb('posCashiers')
  })
  await knex.schema.alterTable('shopMembers', (table) => table.text('posAccess'))
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shopMembers', (table) => table.dropColumn('posAccess'))
  await knex.schema.alterTable('shops', (table) => {
    for (const column of SHOP_COLUMNS) table.dropColumn(column)
  })
  await knex.schema.dropTableIfExists('posDeviceTokens')
  await dropShopTable(knex, 'cashiers')
}
