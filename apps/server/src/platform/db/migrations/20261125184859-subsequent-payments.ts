import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { recordColumns } from './columns'

const ORDER_TABLES = ['purchasingOrders', 'bulkOrders'] as const
const STATUS_TABLES = ['purchasingOrderStatuses', 'bulkOrderStatuses'] as const

/**
 * Subsequent payments (decision 0085): what the scaffolded tables lacked.
 * - A status's sequenceNumber is unique in its shop (the list is ordered by it).
 * - The orders' display numbers are unique per shop and come from `subsequentSequences`, one
 *   counter row per shop and kind, raised inside the order's transaction (no gaps on rollback).
 * - The overdue list (`shortage > 0`, `dueDate < now`, sorted by dueDate) and the ageing aggregate
 *   read a partial index of the open orders only; a company's orders are found by `user`.
 * - `subsequentOrderLog` is the orders' own history: credit-limit overrides, status moves, payments,
 *   fulfilment, written in the transaction that made the change.
 */
export const up = async (knex: Knex) => {
  for (const table of STATUS_TABLES)
    await knex.raw(`create unique index ?? on ?? ("shop", "sequenceNumber")`, [`${table}_shop_sequence`, table])
  for (const table of ORDER_TABLES) {
    await knex.raw(`create unique index ?? on ?? ("shop", "orderId")`, [`${table}_shop_order_id`, table])
    await knex.raw(`create index ?? on ?? ("shop", "dueDate", "_id") where "shortage" > 0`, [`${table}_shop_open_due`, table])
    // The ageing aggregate reads only this (an index-only scan of the open orders, per company).
    await knex.raw(`create index ?? on ?? ("shop", "user") include ("dueDate", "shortage") where "shortage" > 0`, [
      `${table}_shop_open_user`,
      table
    ])
    await knex.raw(`create index ?? on ?? ("shop", "user", "dueDate", "_id")`, [`${table}_shop_user_due`, table])
    await knex.raw(`create index ?? on ?? ("shop", "dueDate", "_id")`, [`${table}_shop_due`, table])
    await knex.raw(`create index ?? on ?? ("shop", "status", "_id")`, [`${table}_shop_status`, table])
    await knex.raw(`create index ?? on ?? ("shop", "date", "_id")`, [`${table}_shop_date`, table])
  }
  await knex.schema.createTable('subsequentSequences', (table) => {
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('type').notNullable()
    table.bigInteger('current').notNullable()
    table.primary(['shop', 'type'])
  })
  await knex.schema.createTable('subsequentOrderLog', (table) => {
    recordColumns(table, knex)
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('type').notNullable()
    table.specificType('order', 'char(24)').notNullable()
    table.timestamp('date', { useTz: true }).notNullable()
    table.specificType('user', 'char(24)')
    table.text('action').notNullable()
    table.jsonb('detail')
    table.index(['shop', 'order', 'date'], 'subsequentOrderLog_shop_order_date')
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) {
    await shopWall(knex, 'subsequentSequences')
    await shopWall(knex, 'subsequentOrderLog')
  }
}

export const down = async (knex: Knex) => {
  await knex.schema.dropTableIfExists('subsequentOrderLog')
  await knex.schema.dropTableIfExists('subsequentSequences')
  for (const table of ORDER_TABLES)
    for (const index of [
      'shop_order_id',
      'shop_open_due',
      'shop_open_user',
      'shop_user_due',
      'shop_due',
      'shop_status',
      'shop_date'
    ])
      await knex.raw(`drop index if exists ??`, [`${table}_${index}`])
  for (const table of STATUS_TABLES) await knex.raw(`drop index if exists ??`, [`${table}_shop_sequence`])
}
