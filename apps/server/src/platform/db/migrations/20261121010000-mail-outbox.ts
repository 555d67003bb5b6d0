import type { Knex } from 'knex'
import { recordColumns } from './columns'

// Mail waits here until a server process sends it (decision 0009); with no MAIL_URL it stays
// pending and the dev mailbox shows it.
export const up = async (knex: Knex) => {
  await knex.schema.createTable('mailOutbox', (table) => {
    recordColumns(table, knex)
    table.text('to').notNullable()
    table.text('type').notNullable()
    table.text('locale').notNullable()
    table.text('subject').notNullable()
    table.text('html').notNullable()
    table.text('text').notNullable()
    // What a provider with templates of its own (SendGrid) fills them with.
    table.jsonb('values').notNullable().defaultTo('{}')
    table.specificType('shop', 'char(24)').nullable()
    table.text('status').notNullable().defaultTo('pending')
    table.integer('attempts').notNullable().defaultTo(0)
    table.text('lastError')
    table.timestamp('sendAfter', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.timestamp('sentAt', { useTz: true })
    table.text('providerId')
    table.index(['status', 'sendAfter'], 'mailOutbox_status_sendAfter')
  })
  await knex.raw(`alter table "mailOutbox" add constraint "mailOutbox_status" check (status in ('pending', 'sent', 'failed'))`)
}

export const down = async (knex: Knex) => {
  await knex.schema.dropTable('mailOutbox')
}
