import type { Knex } from 'knex'

/**
 * The shop's sign-in requirements (issue 31, decision 0138): `staffVerifyRequired` (members must have
 * verified their e-mail to reach the shop's data) and `adminTwoStepRequired` (admins sign in in two
 * steps). Both off unless an admin turns them on.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    table.boolean('staffVerifyRequired').notNullable().defaultTo(false)
    table.boolean('adminTwoStepRequired').notNullable().defaultTo(false)
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => {
    table.dropColumn('adminTwoStepRequired')
    table.dropColumn('staffVerifyRequired')
  })
}
