import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { recordColumns } from './columns'

/**
 * The storefront's sign-in codes (decision 0114): one row per code mailed to an e-mail address of a
 * shop, kept as a hash with its expiry, tries and use, behind the shop's wall.
 */
export const up = async (knex: Knex) => {
  await knex.schema.createTable('shopUserCodes', (table) => {
    recordColumns(table, knex)
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('email').notNullable()
    table.text('codeHash').notNullable()
    table.timestamp('expiresAt', { useTz: true }).notNullable()
    table.timestamp('usedAt', { useTz: true })
    table.integer('attempts').notNullable().defaultTo(0)
    table.index(['shop', 'email', 'createdAt'], 'shopUserCodes_shop_email')
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, 'shopUserCodes')
}

export const down = (knex: Knex) => knex.schema.dropTableIfExists('shopUserCodes')
