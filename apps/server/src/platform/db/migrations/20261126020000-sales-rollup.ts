import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'

/**
 * The sales rollup (decision 0082): sums per shop, local hour of the shop's zone, dimension
 * ('total', 'method', 'category') and key, kept by the order's own transaction (sales/rollup.ts).
 * `slot` spreads one hour's counters over a few rows so concurrent checkouts do not queue on one
 * row lock; readers sum the slots. The key order puts a shop's dimension and hours together, so a
 * summary reads one range of the primary key.
 */
export const up = async (knex: Knex) => {
  await knex.schema.createTable('salesRollup', (table) => {
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('dim').notNullable()
    table.timestamp('hour', { useTz: false }).notNullable()
    table.text('key').notNullable()
    table.smallint('slot').notNullable()
    table.bigInteger('amount').notNullable()
    table.integer('orders').notNullable()
    table.specificType('quantity', 'numeric').notNullable()
    table.primary(['shop', 'dim', 'hour', 'key', 'slot'], { constraintName: 'salesRollup_pkey' })
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, 'salesRollup')
}

export const down = (knex: Knex) => knex.schema.dropTableIfExists('salesRollup')
