import type { Knex } from 'knex'
import { recordColumns } from './columns'

/**
 * Two-step sign-in and sessions (issue 31, decision 0136). `users.twoStep` is the account's answer
 * (on or off); the secret, the last code step used (no replay) and the hashed recovery codes live in
 * `userTwoStep`, which no service answers. Every sign-in is a row of `userSessions`: its id is the
 * token's `sid`, and an ended session's tokens are refused.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('users', (table) => {
    table.boolean('twoStep').notNullable().defaultTo(false)
  })
  await knex.schema.createTable('userTwoStep', (table) => {
    table.specificType('user', 'char(24)').primary().references('_id').inTable('users').onDelete('CASCADE')
    /** The confirmed secret (base32); null while only a pending one exists. */
    table.text('secret')
    /** The secret being set up, until a code from it confirms it. */
    table.text('pendingSecret')
    /** The last TOTP time step accepted: a code of that step or an earlier one is refused (replay). */
    table.bigInteger('lastStep')
    /** SHA-256 hex of each unused recovery code. */
    table.jsonb('recoveryCodes').notNullable().defaultTo('[]')
    table.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('userSessions', (table) => {
    recordColumns(table, knex)
    table.specificType('user', 'char(24)').notNullable().references('_id').inTable('users').onDelete('CASCADE')
    table.text('userAgent')
    table.text('address')
    table.timestamp('lastSeenAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.timestamp('endedAt', { useTz: true })
    table.index(['user', 'endedAt'], 'userSessions_user_ended')
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.dropTable('userSessions')
  await knex.schema.dropTable('userTwoStep')
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('twoStep')
  })
}
