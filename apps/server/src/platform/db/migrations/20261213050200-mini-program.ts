import type { Knex } from 'knex'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { recordColumns } from './columns'

const TABLES = ['miniCodes', 'miniIdentities', 'miniSettings'] as const

const shopTable = async (knex: Knex, name: string, columns: (table: Knex.CreateTableBuilder) => void) => {
  await knex.schema.createTable(name, (table) => {
    recordColumns(table, knex)
    table.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    columns(table)
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, name)
}

/**
 * The mini-program (decision 0204): its id per shop (`miniSettings`; the secret is a shopSecret), the
 * shopper's id on the program mapped to the shop's customer (`miniIdentities`), and the hashes of the
 * login codes already exchanged (`miniCodes`), so a replayed code is refused before the platform is asked.
 */
export const up = async (knex: Knex) => {
  await shopTable(knex, 'miniSettings', (table) => {
    table.text('programId')
    table.unique(['shop'], { indexName: 'miniSettings_shop_unique' })
  })
  await shopTable(knex, 'miniIdentities', (table) => {
    table.text('openid').notNullable()
    table.specificType('user', 'char(24)').notNullable()
    table.unique(['shop', 'openid'], { indexName: 'miniIdentities_shop_openid' })
    table.index(['shop', 'user'], 'miniIdentities_shop_user')
  })
  await shopTable(knex, 'miniCodes', (table) => {
    table.text('codeHash').notNullable()
    table.unique(['shop', 'codeHash'], { indexName: 'miniCodes_shop_codeHash' })
  })
}

export const down = async (knex: Knex) => {
  for (const table of TABLES) await knex.schema.dropTableIfExists(table)
}
