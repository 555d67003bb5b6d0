import type { Knex } from 'knex'

/**
 * What one storefront shopper may hold of a shop's stock (issue 28, decision 0120): the shop's
 * `onlineOrderLimits` beside its other checkout settings in the hand-made shops table; unset, the
 * defaults apply. An index finds the unpaid online orders the expiry sweep and the per-shopper count read.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    table.jsonb('onlineOrderLimits')
  })
  await knex.raw(
    `create index if not exists orders_eshop_waiting on orders (shop, date) where source = 'eshop' and status = 'prepare'`
  )
}

export const down = async (knex: Knex) => {
  await knex.raw('drop index if exists orders_eshop_waiting')
  await knex.schema.alterTable('shops', (table) => table.dropColumn('onlineOrderLimits'))
}
