import type { Knex } from 'knex'
import { recordColumns } from './columns'

/** Shops, their members and invitations, account codes and the login-failure ledger (docs/decisions/0020). */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('users', (table) => {
    table.text('locale')
  })
  await knex.schema.createTable('shops', (table) => {
    recordColumns(table, knex)
    table.jsonb('name').notNullable()
    table.specificType('icon', 'char(24)')
    table.text('subdomain').notNullable().unique('shops_subdomain_unique')
    table.text('alias').unique('shops_alias_unique')
    table.timestamp('validUtil', { useTz: true }).notNullable()
    table.text('contract')
    table.timestamp('contractEnd', { useTz: true })
    table.boolean('useInventoryLot').notNullable().defaultTo(false)
    table.boolean('useCashboxLog').notNullable().defaultTo(false)
    table.boolean('useSubShop').notNullable().defaultTo(false)
    table.boolean('i18n').notNullable().defaultTo(false)
    table.jsonb('attributes').notNullable().defaultTo('{}')
    // Accepted members, derived from shopMembers in the same transaction as every member change.
    table.jsonb('users').notNullable().defaultTo('[]')
    table.text('contact')
    table.text('phone')
    table.text('shopEmail')
    table.text('location')
  })
  await knex.raw('create index shops_users_gin on shops using gin (users jsonb_path_ops)')
  await knex.schema.createTable('shopMembers', (table) => {
    recordColumns(table, knex)
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.specificType('user', 'char(24)').references('_id').inTable('users').onDelete('CASCADE')
    table.text('email').notNullable()
    table.text('name')
    table.text('role').notNullable()
    table.jsonb('perm').notNullable().defaultTo('[]')
    table.boolean('accepted').notNullable().defaultTo(false)
    table.unique(['shop', 'email'], { indexName: 'shopMembers_shop_email_unique' })
    table.index(['shop', '_id'], 'shopMembers_shop_id')
    table.index(['user'], 'shopMembers_user')
    table.index(['email'], 'shopMembers_email')
  })
  await knex.schema.createTable('userCodes', (table) => {
    recordColumns(table, knex)
    table.specificType('user', 'char(24)').notNullable().references('_id').inTable('users').onDelete('CASCADE')
    table.text('purpose').notNullable()
    table.text('codeHash').notNullable()
    table.timestamp('expiresAt', { useTz: true }).notNullable()
    table.timestamp('usedAt', { useTz: true })
    table.integer('attempts').notNullable().defaultTo(0)
    table.index(['user', 'purpose'], 'userCodes_user_purpose')
  })
  await knex.schema.createTable('authFailures', (table) => {
    table.bigIncrements('id')
    table.text('key').notNullable()
    table.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.index(['key', 'at'], 'authFailures_key_at')
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.dropTable('authFailures')
  await knex.schema.dropTable('userCodes')
  await knex.schema.dropTable('shopMembers')
  await knex.schema.dropTable('shops')
  await knex.schema.alterTable('users', (table) => table.dropColumn('locale'))
}
