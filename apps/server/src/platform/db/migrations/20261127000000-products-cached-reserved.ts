import type { Knex } from 'knex'

/**
 * What orders hold reserved of each product, beside `cachedInventory` (docs/decisions/0102). A sale
 * written as one statement decides the product's status from the product row it locks (the newest
 * version, re-read after waiting): on hand and reserved must both be on that row, because sums read
 * from `stocks` in the same statement would be those of its snapshot, taken before the wait.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('products', (table) => {
    table.decimal('cachedReserved', 18, 3).notNullable().defaultTo(0)
  })
  await knex.raw(`update products p set "cachedReserved" = s.reserved
    from (select product, sum(reserved) as reserved from stocks group by product having sum(reserved) <> 0) s
    where p._id = s.product`)
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('products', (table) => {
    table.dropColumn('cachedReserved')
  })
}
