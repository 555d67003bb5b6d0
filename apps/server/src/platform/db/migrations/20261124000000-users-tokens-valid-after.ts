import type { Knex } from 'knex'

/**
 * Sessions end with a password change or reset (decision 0067): a token issued before
 * `tokensValidAfter` is refused. NULL (every account until its first change) refuses nothing.
 */
export const up = async (knex: Knex) => {
  await knex.schema.alterTable('users', (table) => {
    table.timestamp('tokensValidAfter', { useTz: true })
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('users', (table) => table.dropColumn('tokensValidAfter'))
}
