import type { Knex } from 'knex'

/** The shop's other payment gateways (spec §3.1; decision 0199): their public settings; keys live in shopSecrets. */
export const up = async (knex: Knex) => {
  if (!(await knex.schema.hasColumn('shops', 'paymentGateways')))
    await knex.schema.alterTable('shops', (table) => table.jsonb('paymentGateways').nullable())
}

export const down = (knex: Knex) => knex.schema.alterTable('shops', (table) => table.dropColumn('paymentGateways'))
