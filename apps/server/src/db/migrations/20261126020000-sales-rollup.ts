import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'

/**
 * The sales rollup (decision 0082): one row per shop, dimension ('total', 'method', 'category'), key
 * and local day of the shop's zone, with the day's sums and the same sums for each of its 24 hours
 * (arrays, hour 0 first), kept by the order's own transaction (sales/rollup.ts). Ten years are 3,653
 * rows per key, whatever the grouping: the hourly ones unfold the arrays. `slot` spreads one day's
 * counters over a few rows so concurrent checkouts do not queue on one row lock; readers sum them.
 */
export const up = async (knex: Knex) => {
  await knex.schema.createTable('salesRollup', (table) => {
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('dim').notNullable()
    table.date('day').notNullable()
    table.text('key').notNullable()
    table.smallint('slot').notNullable()
    table.bigInteger('amount').notNullable()
    table.integer('orders').notNullable()
    table.specificType('quantity', 'numeric').notNullable()
    table.specificType('hourAmount', 'bigint[]').notNullable()
    table.specificType('hourOrders', 'integer[]').notNullable()
    table.specificType('hourQuantity', 'numeric[]').notNullable()
    table.primary(['shop', 'dim', 'day', 'key', 'slot'], { constraintName: 'salesRollup_pkey' })
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, 'salesRollup')
}

export const down = (knex: Knex) => knex.schema.dropTableIfExists('salesRollup')
