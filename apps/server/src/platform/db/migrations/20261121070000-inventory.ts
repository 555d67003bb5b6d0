import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { recordColumns } from './columns'

const TABLES = ['stocks', 'inventories', 'inventoryLots', 'inventoryLogs', 'stockReservations']

const shopColumn = (table: Knex.CreateTableBuilder) =>
  table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
/** The stock key: warehouse, product and SKU id ('' for a product without SKUs). */
const stockKey = (table: Knex.CreateTableBuilder) => {
  table.specificType('warehouse', 'char(24)').notNullable().references('_id').inTable('warehouses').onDelete('CASCADE')
  table.specificType('product', 'char(24)').notNullable().references('_id').inTable('products').onDelete('CASCADE')
  table.text('sku').notNullable().defaultTo('')
}

/**
 * The inventory (spec §3.8, docs/decisions/0040): the ledger (`inventoryLogs`) is the
 * truth; `stocks` (one row per warehouse/product/sku), lot remainders and `products.cachedInventory`
 * are derived from it in the same transaction. Also the shop's stock settings (spec §3.1).
 */
export const up = async (knex: Knex) => {
  await knex.schema.createTable('stocks', (table) => {
    recordColumns(table, knex)
    shopColumn(table)
    stockKey(table)
    table.decimal('quantity', 18, 3).notNullable().defaultTo(0)
    table.decimal('reserved', 18, 3).notNullable().defaultTo(0)
    table.unique(['warehouse', 'product', 'sku'], { indexName: 'stocks_key' })
    table.index(['shop', 'product'], 'stocks_shop_product')
    table.index(['shop', 'warehouse', 'createdAt', '_id'], 'stocks_shop_warehouse')
  })
  await knex.schema.createTable('inventories', (table) => {
    recordColumns(table, knex)
    shopColumn(table)
    stockKey(table)
    table.decimal('quantity', 18, 3).notNullable()
    table.bigInteger('unitPrice')
    table.bigInteger('totalPrice')
    table.text('supplier')
    table.timestamp('entryDate', { useTz: true })
    table.timestamp('expiryDate', { useTz: true })
    table.text('comment')
    table.specificType('lot', 'char(24)')
    table.specificType('user', 'char(24)')
    table.index(['shop', 'createdAt', '_id'], 'inventories_shop_created')
    table.index(['shop', 'warehouse', 'createdAt', '_id'], 'inventories_shop_warehouse')
  })
  await knex.schema.createTable('inventoryLots', (table) => {
    recordColumns(table, knex)
    shopColumn(table)
    stockKey(table)
    table.specificType('inventory', 'char(24)')
    table.timestamp('entryDate', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.timestamp('expiryDate', { useTz: true })
    table.decimal('originalQuantity', 18, 3).notNullable()
    table.decimal('quantity', 18, 3).notNullable()
    table.text('status').notNullable().defaultTo('active')
    table.text('supplier')
    table.bigInteger('unitPrice')
    table.index(['shop', 'createdAt', '_id'], 'inventoryLots_shop_created')
    // Consumption order: earliest expiry first (no expiry last), then oldest entry.
    table.index(['warehouse', 'product', 'sku', 'status', 'expiryDate', 'entryDate'], 'inventoryLots_consume')
  })
  await knex.schema.createTable('inventoryLogs', (table) => {
    recordColumns(table, knex)
    shopColumn(table)
    stockKey(table)
    table.text('type').notNullable()
    table.decimal('delta', 18, 3).notNullable()
    table.decimal('quantity', 18, 3).notNullable()
    table.jsonb('source').notNullable()
    table.text('status').notNullable().defaultTo('done')
    table.specificType('lot', 'char(24)')
    table.jsonb('counterpart')
    table.specificType('user', 'char(24)')
    table.text('comment')
    table.index(['shop', 'createdAt', '_id'], 'inventoryLogs_shop_created')
    table.index(['shop', 'product', 'createdAt'], 'inventoryLogs_shop_product')
    table.index(['warehouse', 'product', 'sku'], 'inventoryLogs_key')
  })
  await knex.schema.createTable('stockReservations', (table) => {
    recordColumns(table, knex)
    shopColumn(table)
    stockKey(table)
    table.decimal('quantity', 18, 3).notNullable()
    table.text('status').notNullable().defaultTo('reserved')
    table.timestamp('expiresAt', { useTz: true })
    table.jsonb('source')
    table.index(['shop', 'createdAt', '_id'], 'stockReservations_shop_created')
    table.index(['status', 'expiresAt'], 'stockReservations_expiry')
  })
  await knex.schema.alterTable('shops', (table) => {
    table.boolean('posAllowOutOfStock').notNullable().defaultTo(false)
    table.boolean('resetInventoryStatus').notNullable().defaultTo(true)
    table.boolean('lowStock').notNullable().defaultTo(false)
    table.double('lowStockThres').notNullable().defaultTo(5)
    table.specificType('posWarehouse', 'char(24)')
    table.specificType('eshopWarehouse', 'char(24)')
    table.jsonb('barcodeLayouts')
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) for (const name of TABLES) await shopWall(knex, name)
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    for (const column of [
      'posAllowOutOfStock',
      'resetInventoryStatus',
      'lowStock',
      'lowStockThres',
      'posWarehouse',
      'eshopWarehouse',
      'barcodeLayouts'
    ])
      table.dropColumn(column)
  })
  for (const name of [...TABLES].reverse()) await knex.schema.dropTable(name)
}
