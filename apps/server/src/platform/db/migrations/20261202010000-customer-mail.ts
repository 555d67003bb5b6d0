import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { recordColumns } from './columns'

/**
 * Mail to a shop's customers (decisions 0147, 0148). The outbox learns which event a mail is for
 * (`eventKey`, unique per shop: one event never makes two mails), the order it belongs to (the order's
 * history shows its mails), and a bounce the provider reported.
 * `shopMailSettings` holds a shop's sender (default, subdomain, custom domain, ordinary SMTP account)
 * and its SendGrid template ids; its passwords and keys are shopSecrets, sealed at rest.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('mailOutbox', (table) => {
    table.text('eventKey')
    table.specificType('order', 'char(24)')
    table.timestamp('bouncedAt', { useTz: true })
  })
  await knex.raw(
    `create unique index "mailOutbox_shop_eventKey" on "mailOutbox" (coalesce(shop, ''), "eventKey") where "eventKey" is not null`
  )
  await knex.raw(`create index "mailOutbox_shop_createdAt" on "mailOutbox" (shop, "createdAt" desc) where shop is not null`)
  await knex.raw(`create index "mailOutbox_shop_order" on "mailOutbox" (shop, "order") where "order" is not null`)
  await knex.raw(`alter table "mailOutbox" drop constraint "mailOutbox_status"`)
  await knex.raw(
    `alter table "mailOutbox" add constraint "mailOutbox_status" check (status in ('pending', 'sent', 'failed', 'bounced'))`
  )

  await knex.schema.createTable('shopMailSettings', (table) => {
    recordColumns(table, knex)
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('senderType').notNullable().defaultTo('default')
    table.text('senderName')
    table.text('senderLocal')
    table.text('customDomain')
    table.text('dkimSelector')
    table.text('dkimPublicKey')
    table.timestamp('domainVerifiedAt', { useTz: true })
    table.jsonb('domainCheck')
    table.text('smtpHost')
    table.integer('smtpPort')
    table.boolean('smtpSecure').notNullable().defaultTo(false)
    table.text('smtpUser')
    table.text('smtpFrom')
    table.jsonb('templateIds').notNullable().defaultTo('{}')
    // The colour of the mails' header and buttons (the shop's own; else Emporia's).
    table.text('brandColor')
    table.unique(['shop'], { indexName: 'shopMailSettings_shop_unique' })
  })
  // One shop per sending domain: a verified domain cannot be claimed by a second shop.
  await knex.raw(
    `create unique index "shopMailSettings_domain" on "shopMailSettings" (lower("customDomain")) where "domainVerifiedAt" is not null`
  )
  await knex.raw(
    `alter table "shopMailSettings" add constraint "shopMailSettings_type" check ("senderType" in ('default', 'subdomain', 'custom', 'ordinary'))`
  )
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, 'shopMailSettings')
}

export const down = async (knex: Knex) => {
  await knex.schema.dropTable('shopMailSettings')
  await knex.raw(`delete from "mailOutbox" where status = 'bounced'`)
  await knex.raw(`alter table "mailOutbox" drop constraint "mailOutbox_status"`)
  await knex.raw(`alter table "mailOutbox" add constraint "mailOutbox_status" check (status in ('pending', 'sent', 'failed'))`)
  await knex.raw(`drop index if exists "mailOutbox_shop_eventKey"`)
  await knex.raw(`drop index if exists "mailOutbox_shop_createdAt"`)
  await knex.raw(`drop index if exists "mailOutbox_shop_order"`)
  await knex.schema.alterTable('mailOutbox', (table) => {
    table.dropColumn('eventKey')
    table.dropColumn('order')
    table.dropColumn('bouncedAt')
  })
}
