import type { Knex } from 'knex'
import { Type } from '@sinclair/typebox'
import { createShopTable, dropShopTable } from './schema-table'

const id = Type.String({ pattern: '^[0-9a-f]{24}$' })

/**
 * The coupons a paid order's products gave (decision 0195): one row per order and coupon template,
 * unique, so an order gives each of its products' templates at most once whatever retries. Written
 * only by the server in the payment's transaction, read by no client.
 */
const productCouponGrantSchema = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  order: id,
  template: id,
  user: id,
  coupon: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' })
})

export const up = async (knex: Knex) => {
  await createShopTable(knex, 'productCouponGrants', productCouponGrantSchema, { indexes: [['user']] })
  await knex.schema.alterTable('productCouponGrants', (table) => {
    table.unique(['shop', 'order', 'template'], { indexName: 'productCouponGrants_key' })
  })
}

export const down = (knex: Knex) => dropShopTable(knex, 'productCouponGrants')
