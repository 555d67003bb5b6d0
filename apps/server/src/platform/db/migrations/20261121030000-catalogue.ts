import type { Knex } from 'knex'
import { recordColumns } from './columns'

/** Categories, brands and warehouses (docs/decisions/0030): shop-scoped, listed by shop then name or order. */
export const up = async (knex: Knex) => {
  for (const name of ['categories', 'brands', 'warehouses']) {
    await knex.schema.createTable(name, (table) => {
      recordColumns(table, knex)
      table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
      table.jsonb('name').notNullable()
      table.jsonb('desc')
      if (name !== 'warehouses') {
        table.jsonb('icon')
        table.jsonb('banner')
      }
      if (name === 'categories') table.integer('order')
      table.index(['shop', '_id'], `${name}_shop_id`)
      table.index(['shop', 'createdAt', '_id'], `${name}_shop_created`)
    })
  }
}

export const down = async (knex: Knex) => {
  for (const name of ['warehouses', 'brands', 'categories']) await knex.schema.dropTable(name)
}
