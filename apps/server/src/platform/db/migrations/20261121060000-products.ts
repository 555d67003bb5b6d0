import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { recordColumns } from './columns'

const shopColumn = (table: Knex.CreateTableBuilder) =>
  table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')

/**
 * The catalogue (spec §3.7, docs/decisions/0040): products and what hangs off them. Money is integer cents
 * (bigint), stock quantities numeric (weighted goods have decimals). `keywords` is the search text
 * the products service keeps (names in every language, posCode, SKU names and codes).
 */
export const up = async (knex: Knex) => {
  await knex.schema.createTable('products', (table) => {
    recordColumns(table, knex)
    shopColumn(table)
    table.jsonb('name').notNullable()
    table.jsonb('desc')
    table.jsonb('content')
    table.jsonb('images')
    table.jsonb('categories')
    table.specificType('category', 'char(24)')
    table.specificType('brand', 'char(24)')
    table.bigInteger('price').notNullable().defaultTo(0)
    table.bigInteger('dprice')
    table.bigInteger('cprice')
    table.bigInteger('mprice')
    table.text('posCode')
    table.jsonb('skus')
    table.jsonb('attributes')
    table.jsonb('specs')
    table.jsonb('tags')
    table.boolean('popular')
    table.boolean('exclusive')
    table.boolean('ageRestricted')
    table.boolean('allowOutOfStock')
    table.jsonb('inventoryUnit')
    table.decimal('cachedInventory', 18, 3).notNullable().defaultTo(0)
    table.text('weightType')
    table.text('weightUnit')
    table.double('weightUnitQuantity')
    table.jsonb('separateProducts')
    table.integer('separateRatio')
    table.jsonb('productLinks')
    table.specificType('subShop', 'char(24)')
    table.jsonb('coupons')
    table.integer('points')
    table.jsonb('seo')
    table.jsonb('preview3d')
    table.text('status').notNullable().defaultTo('selling')
    table.text('avail').notNullable().defaultTo('both')
    table.jsonb('accessShop')
    table.text('keywords').notNullable().defaultTo('')
    table.index(['shop', 'createdAt', '_id'], 'products_shop_created')
    table.index(['shop', 'status', '_id'], 'products_shop_status')
  })
  // A barcode names one product per shop (SKU codes are checked by the service across both).
  await knex.raw('create unique index products_shop_pos_code on products (shop, "posCode") where "posCode" is not null')

  for (const name of ['specs', 'tags', 'productBundles', 'productRelateds']) {
    await knex.schema.createTable(name, (table) => {
      recordColumns(table, knex)
      shopColumn(table)
      table.jsonb('name').notNullable()
      if (name !== 'specs') table.jsonb('desc')
      if (name === 'specs') {
        table.text('type').notNullable()
        table.jsonb('options')
        table.double('min')
        table.double('max')
        table.boolean('searchable')
        table.text('tag')
      }
      if (name === 'tags') {
        table.specificType('admin', 'char(24)')
        table.boolean('showOnCard')
        table.timestamp('date', { useTz: true })
        table.jsonb('icon')
        table.jsonb('banner')
      }
      if (name === 'productBundles') table.bigInteger('price').notNullable().defaultTo(0)
      if (name === 'productBundles' || name === 'productRelateds') table.jsonb('products').notNullable()
      table.index(['shop', 'createdAt', '_id'], `${name}_shop_created`)
    })
  }

  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) {
    // Products may be shared with other shops (spec §6.3): the wall lets listed shops through.
    await shopWall(knex, 'products', { shared: true })
    for (const name of ['specs', 'tags', 'productBundles', 'productRelateds']) await shopWall(knex, name)
  }
}

export const down = async (knex: Knex) => {
  for (const name of ['productRelateds', 'productBundles', 'tags', 'specs', 'products']) await knex.schema.dropTable(name)
}
