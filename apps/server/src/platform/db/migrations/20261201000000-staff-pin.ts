import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { recordColumns } from './columns'

/**
 * Manager approval at the till and staff PINs (issue 31, decision 0135).
 * - `staffPins`: one argon2 hash per account, in a table of its own so no read of `users` (whose rows
 *   are answered whole, secrets aside) can ever carry it.
 * - `posApprovals`: each approval given at a till, naming the cashier and the manager; spent once
 *   (`usedAt`) by the order, refund or drawer opening it was for. Behind the shop wall.
 * - `shops.posRefundNeedsManager`: the shop's "Refunds need a manager" setting.
 */
export const up = async (knex: Knex) => {
  await knex.schema.createTable('staffPins', (table) => {
    table.specificType('user', 'char(24)').primary().references('_id').inTable('users').onDelete('CASCADE')
    table.text('hash').notNullable()
    table.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('posApprovals', (table) => {
    recordColumns(table, knex)
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('action').notNullable()
    table.specificType('cashier', 'char(24)').notNullable()
    table.specificType('manager', 'char(24)').notNullable()
    table.jsonb('details')
    table.timestamp('usedAt', { useTz: true })
    table.index(['shop', 'createdAt', '_id'], 'posApprovals_shop_created')
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, 'posApprovals')
  await knex.schema.alterTable('shops', (table) => {
    table.boolean('posRefundNeedsManager')
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    table.dropColumn('posRefundNeedsManager')
  })
  await knex.schema.dropTableIfExists('posApprovals')
  await knex.schema.dropTableIfExists('staffPins')
}
