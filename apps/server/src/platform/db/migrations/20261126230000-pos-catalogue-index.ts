import type { Knex } from 'knex'

/**
 * The till's catalogue asks for the products changed since its last copy (decision 0096): an index on
 * (shop, updatedAt) answers that from the few changed rows instead of reading the shop's every product.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('products', (table) => {
    table.index(['shop', 'updatedAt', '_id'], 'products_shop_updated')
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('products', (table) => {
    table.dropIndex(['shop', 'updatedAt', '_id'], 'products_shop_updated')
  })
}
