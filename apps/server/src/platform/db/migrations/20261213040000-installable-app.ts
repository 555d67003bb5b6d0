import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { recordColumns } from './columns'

const APP_TEXT_COLUMNS = ['appName', 'appShortName', 'appThemeColor', 'appBackgroundColor', 'appStartPage']

const walled = async (knex: Knex, table: string) => {
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, table)
}

const shopColumn = (table: Knex.CreateTableBuilder) =>
  table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')

/**
 * The installable app (decisions 0202, 0203): its settings on the shop; customers' Web Push
 * subscriptions (one per browser endpoint and shop, bound to the shop user who gave consent) and the
 * order notices sent (one per order and status: a job run twice sends once), both behind the wall;
 * the platform's own sealed secrets (the generated VAPID key), outside any shop.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    for (const column of APP_TEXT_COLUMNS) table.text(column)
    table.specificType('appIcon', 'char(24)')
    table.jsonb('appShortcuts')
  })
  await knex.schema.createTable('pushSubscriptions', (table) => {
    recordColumns(table, knex)
    shopColumn(table)
    table.specificType('customer', 'char(24)').notNullable()
    table.text('endpoint').notNullable()
    table.text('p256dh').notNullable()
    table.text('auth').notNullable()
    table.text('locale')
    /** The shop's address the customer subscribed on (`/s/{subdomain}/` or `/`): where a notice leads. */
    table.text('scope')
    table.unique(['shop', 'endpoint'], { indexName: 'pushSubscriptions_endpoint' })
    table.index(['shop', 'customer'], 'pushSubscriptions_customer')
  })
  await walled(knex, 'pushSubscriptions')
  await knex.schema.createTable('pushNotices', (table) => {
    recordColumns(table, knex)
    shopColumn(table)
    table.specificType('order', 'char(24)').notNullable()
    table.text('status').notNullable()
    table.unique(['shop', 'order', 'status'], { indexName: 'pushNotices_key' })
  })
  await walled(knex, 'pushNotices')
  await knex.schema.createTable('platformSecrets', (table) => {
    table.text('name').primary()
    table.text('value').notNullable()
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.dropTableIfExists('platformSecrets')
  await knex.schema.dropTableIfExists('pushNotices')
  await knex.schema.dropTableIfExists('pushSubscriptions')
  await knex.schema.alterTable('shops', (table) => {
    for (const column of [...APP_TEXT_COLUMNS, 'appIcon', 'appShortcuts']) table.dropColumn(column)
  })
}
