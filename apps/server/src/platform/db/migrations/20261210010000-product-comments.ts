import type { Knex } from 'knex'
import { productCommentSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/**
 * Product comments (`productComments`, decision 0193): the table is made from the shared schema, behind
 * the wall (decision 0074); the storefront lists a product's approved ones, the back office by status.
 */
export const up = (knex: Knex) =>
  createShopTable(knex, 'productComments', productCommentSchema, {
    indexes: [
      ['product', 'status', 'createdAt'],
      ['status', 'createdAt']
    ]
  })

export const down = (knex: Knex) => dropShopTable(knex, 'productComments')
