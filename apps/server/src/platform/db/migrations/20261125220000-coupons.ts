import type { Knex } from 'knex'
import { Type } from '@sinclair/typebox'
import { couponSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/**
 * Who received what from a promotion (decision 0090): limitPerUser counts a customer's rows here,
 * whether the promotion gave coupons, points or both. Written only by the server, read by no client.
 */
const promotionGrantSchema = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  promotion: Type.String({ pattern: '^[0-9a-f]{24}$' }),
  user: Type.String({ pattern: '^[0-9a-f]{24}$' }),
  order: Type.Optional(Type.Union([Type.String({ pattern: '^[0-9a-f]{24}$' }), Type.Null()])),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' })
})

/**
 * Coupons (`coupons`, decision 0090), made from the shared schema behind the wall. A code is unique
 * in its shop (the index makes it hold when two batches draw the same code); a template's coupons are
 * listed and counted per customer, an order's are released by the order.
 */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'coupons', couponSchema, { indexes: [['template', 'user'], ['order']] })
  await knex.raw(`create unique index "coupons_shop_code" on "coupons" ("shop", "code")`)
  await createShopTable(knex, 'promotionGrants', promotionGrantSchema, { indexes: [['promotion', 'user']] })
}

export const down = async (knex: Knex) => {
  await dropShopTable(knex, 'promotionGrants')
  await dropShopTable(knex, 'coupons')
}
