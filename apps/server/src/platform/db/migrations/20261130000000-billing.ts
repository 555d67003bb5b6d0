import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { recordColumns } from './columns'

/*
 * Plans, the shop's subscription, its charges and invoices, the provider's webhook events and the
 * operator log (issue 30; decisions 0129, 0130, 0131). Written out by hand: the subscription and charges
 * hold server-only columns (provider ids, reminder marks) no wire schema names.
 */

const timestamp = (table: Knex.CreateTableBuilder, name: string) => table.timestamp(name, { useTz: true })

export const up = async (knex: Knex) => {
  // The platform's catalogue: no shop column, every shop reads the active plans.
  await knex.schema.createTable('plans', (table) => {
    recordColumns(table, knex)
    table.text('code').notNullable().unique()
    table.jsonb('name').notNullable()
    table.bigInteger('priceMonthly').notNullable()
    table.integer('periodMonths').notNullable()
    table.integer('freeMonths').notNullable().defaultTo(0)
    table.jsonb('features').notNullable().defaultTo('[]')
    table.jsonb('limits').notNullable().defaultTo('{}')
    table.jsonb('offer').notNullable().defaultTo('{"en":"","cht":"","chs":""}')
    table.integer('rank').notNullable().defaultTo(0)
    table.boolean('active').notNullable().defaultTo(true)
  })

  // One per shop, made in the shop's create transaction (decision 0129).
  await knex.schema.createTable('shopSubscriptions', (table) => {
    recordColumns(table, knex)
    table.specificType('shop', 'char(24)').notNullable().unique().references('_id').inTable('shops').onDelete('CASCADE')
    table.text('plan').notNullable()
    // trial | active | grace | lapsed
    table.text('state').notNullable()
    timestamp(table, 'trialEnd').notNullable()
    timestamp(table, 'start')
    timestamp(table, 'end')
    table.boolean('autoRenew').notNullable().defaultTo(true)
    timestamp(table, 'nextBill')
    timestamp(table, 'renewAt')
    timestamp(table, 'upgradeDate')
    table.text('pendingPlan')
    timestamp(table, 'graceEnd')
    // True once a contract has been paid: the plan's free months are for the first contract only.
    table.boolean('hadContract').notNullable().defaultTo(false)
    table.jsonb('billingInfo')
    table.jsonb('card')
    table.text('lastFailure')
    // The platform provider's customer and saved card (never sent to the browser).
    table.text('providerCustomer')
    table.text('providerPaymentMethod')
    // Reminder marks: the period end each reminder was sent for, so a restart never sends it twice.
    timestamp(table, 'reminded7For')
    timestamp(table, 'reminded1For')
    table.index(['state', 'trialEnd'], 'shopSubscriptions_state_trialEnd')
    table.index(['state', 'end'], 'shopSubscriptions_state_end')
  })

  // A money call to the platform's provider: one row per attempt, its id the idempotency key (decision 0130).
  await knex.schema.createTable('billingCharges', (table) => {
    recordColumns(table, knex)
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    // contract | upgrade | renewal
    table.text('kind').notNullable()
    table.text('plan').notNullable()
    table.bigInteger('amount').notNullable()
    table.text('currency').notNullable().defaultTo('HKD')
    // pending | paid | failed | canceled
    table.text('status').notNullable()
    timestamp(table, 'periodStart').notNullable()
    timestamp(table, 'periodEnd').notNullable()
    table.text('intentId')
    table.text('failure')
    timestamp(table, 'paidAt')
    table.index(['shop', 'status'], 'billingCharges_shop_status')
    table.unique(['intentId'], { indexName: 'billingCharges_intent_unique' })
  })
  // Two checkouts at once make one pending charge: the second finds the first (safety list: "charge once").
  await knex.raw(`create unique index "billingCharges_one_pending" on "billingCharges" (shop) where status = 'pending'`)

  await knex.schema.createTable('billingInvoices', (table) => {
    recordColumns(table, knex)
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    table.specificType('charge', 'char(24)').notNullable().unique().references('_id').inTable('billingCharges')
    table.text('number').notNullable().unique()
    table.text('kind').notNullable()
    table.text('plan').notNullable()
    table.jsonb('planName').notNullable()
    table.bigInteger('amount').notNullable()
    table.text('currency').notNullable().defaultTo('HKD')
    timestamp(table, 'periodStart').notNullable()
    timestamp(table, 'periodEnd').notNullable()
    table.jsonb('billingInfo')
    table.jsonb('card')
    timestamp(table, 'paidAt').notNullable()
    table.index(['shop', 'createdAt', '_id'], 'billingInvoices_shop_created')
  })
  // Invoice numbers: one platform-wide sequence, gap-free within a transaction (EMP-000001).
  await knex.schema.createTable('billingCounters', (table) => {
    table.text('name').primary()
    table.bigInteger('value').notNullable()
  })
  await knex('billingCounters').insert({ name: 'invoice', value: 0 })

  // Webhook events already handled, by the provider's event id: a redelivery changes nothing.
  await knex.schema.createTable('billingEvents', (table) => {
    table.text('id').primary()
    table.text('type').notNullable()
    timestamp(table, 'receivedAt').notNullable().defaultTo(knex.fn.now())
  })

  // Who did what as an operator (decision 0131); `shop` is the shop acted on, null for catalogue edits.
  await knex.schema.createTable('operatorActions', (table) => {
    recordColumns(table, knex)
    table.text('operator').notNullable()
    table.text('action').notNullable()
    table.specificType('shop', 'char(24)').references('_id').inTable('shops').onDelete('SET NULL')
    table.jsonb('details').notNullable().defaultTo('{}')
    table.index(['createdAt', '_id'], 'operatorActions_created')
  })

  // The shop's read-only view of its subscription (shop schema: plan, billingState, graceEnd).
  await knex.schema.alterTable('shops', (table) => {
    table.text('plan')
    table.text('billingState')
    timestamp(table, 'graceEnd')
  })

  if (isPostgres(knex) && (await rowSecurityAvailable(knex)))
    for (const table of ['shopSubscriptions', 'billingCharges', 'billingInvoices']) await shopWall(knex, table)
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    table.dropColumn('plan')
    table.dropColumn('billingState')
    table.dropColumn('graceEnd')
  })
  for (const table of [
    'operatorActions',
    'billingEvents',
    'billingCounters',
    'billingInvoices',
    'billingCharges',
    'shopSubscriptions',
    'plans'
  ])
    await knex.schema.dropTableIfExists(table)
}
