import type { Knex } from 'knex'

/** The columns every record table starts with. */
export const recordColumns = (table: Knex.CreateTableBuilder, knex: Knex) => {
  table.specificType('_id', 'char(24)').primary()
  table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  table.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
}
