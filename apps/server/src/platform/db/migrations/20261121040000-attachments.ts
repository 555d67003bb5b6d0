import type { Knex } from 'knex'
import { recordColumns } from './columns'

/** Attachments (spec §3.6, docs/decisions/0021): the media library lists a shop's files newest first, often by mime prefix. */
export const up = async (knex: Knex) => {
  await knex.schema.createTable('attachments', (table) => {
    recordColumns(table, knex)
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('name').notNullable()
    table.timestamp('date', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.text('path').notNullable()
    table.text('src').notNullable()
    table.text('mime').notNullable()
    table.integer('size').notNullable()
    table.integer('width')
    table.integer('height')
    table.double('duration')
    table.text('thumb')
    table.index(['shop', 'date', '_id'], 'attachments_shop_date')
  })
  // text_pattern_ops lets `mime ~ '^image/'` use the index as a prefix range.
  await knex.raw('create index attachments_shop_mime on attachments (shop, mime text_pattern_ops, date, "_id")')
}

export const down = async (knex: Knex) => {
  await knex.schema.dropTable('attachments')
}
