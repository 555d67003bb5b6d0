import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'

/** A day's 24 hourly sums of a column of the hourly table, as an array (hour 0 first). */
const hourly = (column: string, type: string) =>
  `array[${Array.from({ length: 24 }, (_, h) => `coalesce(sum(${column}) filter (where extract(hour from hour) = ${h}), 0)`).join(', ')}]::${type}[]`

/**
 * The sales rollup becomes one row per shop, dimension, key, local day and slot, holding the day's
 * sums and the same sums for each of its 24 hours (decision 0082): ten years are 3,653 rows per key
 * for every grouping, where hour rows were 87,660. The hour rows are folded into day rows here, so
 * nothing needs rebuilding.
 */
export const up = async (knex: Knex) => {
  await knex.schema.createTable('salesRollupDays', (table) => {
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
  })
  await knex.raw(`
    insert into "salesRollupDays" (shop, dim, day, key, slot, amount, orders, quantity, "hourAmount", "hourOrders", "hourQuantity")
    select shop, dim, hour::date, key, slot, sum(amount), sum(orders), sum(quantity),
           ${hourly('amount', 'bigint')}, ${hourly('orders', 'integer')}, ${hourly('quantity', 'numeric')}
      from "salesRollup" group by shop, dim, hour::date, key, slot`)
  await knex.schema.dropTable('salesRollup')
  await knex.schema.renameTable('salesRollupDays', 'salesRollup')
  await knex.schema.alterTable('salesRollup', (table) => {
    table.primary(['shop', 'dim', 'day', 'key', 'slot'], { constraintName: 'salesRollup_pkey' })
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, 'salesRollup')
}

/** Back to hour rows, each day's non-empty hours unfolded. */
export const down = async (knex: Knex) => {
  await knex.schema.createTable('salesRollupHours', (table) => {
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('dim').notNullable()
    table.timestamp('hour', { useTz: false }).notNullable()
    table.text('key').notNullable()
    table.smallint('slot').notNullable()
    table.bigInteger('amount').notNullable()
    table.integer('orders').notNullable()
    table.specificType('quantity', 'numeric').notNullable()
  })
  await knex.raw(`
    insert into "salesRollupHours" (shop, dim, hour, key, slot, amount, orders, quantity)
    select r.shop, r.dim, r.day + (u.h - 1) * interval '1 hour', r.key, r.slot, u.a, u.o, u.q
      from "salesRollup" r, unnest(r."hourAmount", r."hourOrders", r."hourQuantity") with ordinality as u(a, o, q, h)
     where u.a <> 0 or u.o <> 0 or u.q <> 0`)
  await knex.schema.dropTable('salesRollup')
  await knex.schema.renameTable('salesRollupHours', 'salesRollup')
  await knex.schema.alterTable('salesRollup', (table) => {
    table.primary(['shop', 'dim', 'hour', 'key', 'slot'], { constraintName: 'salesRollup_pkey' })
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, 'salesRollup')
}
