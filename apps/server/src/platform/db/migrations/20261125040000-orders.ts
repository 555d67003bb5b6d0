import type { Knex } from 'knex'
import { orderEventSchema, orderSchema, paymentSchema } from '@emporia/shared'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { createShopTable, dropShopTable } from './schema-table'

/**
 * Orders, their history, payments and the order-number counters (decision 0078). The list's filters
 * (status and date, source, customer, staff) have their indexes; ids and idempotency keys are unique
 * per shop, so a retried create finds the first one instead of making a second.
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'orders', orderSchema, {
    indexes: [['date'], ['status', 'date'], ['source', 'date'], ['user', 'date'], ['admin', 'date']]
  })
  await knex.schema.alterTable('orders', (table) => {
    table.unique(['shop', 'orderId'], { indexName: 'orders_shop_order_id' })
  })
  // A partial unique index: most orders carry no key.
  await knex.raw(
    `create unique index "orders_shop_idempotency" on "orders" ("shop", "idempotencyKey") where "idempotencyKey" is not null`
  )
  await createShopTable(knex, 'orderHistory', orderEventSchema, { indexes: [['order', 'date']] })
  await createShopTable(knex, 'payments', paymentSchema, {
    indexes: [['order'], ['date'], ['method', 'date'], ['status', 'date']]
  })
  await knex.raw(
    `create unique index "payments_shop_idempotency" on "payments" ("shop", "idempotencyKey") where "idempotencyKey" is not null`
  )
  await knex.raw(`create unique index "payments_shop_tran" on "payments" ("shop", "tranID")`)
  // One counter per shop and numbering period ('' when numbers never restart). Taken with the
  // order's own transaction, so a rolled-back order gives its number back: no gaps.
  await knex.schema.createTable('orderSequences', (table) => {
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('period').notNullable()
    table.bigInteger('current').notNullable()
    table.primary(['shop', 'period'])
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, 'orderSequences')
}

export const down = async (knex: Knex) => {
  await knex.schema.dropTableIfExists('orderSequences')
  for (const table of ['payments', 'orderHistory', 'orders']) await dropShopTable(knex, table)
}
