import type { Knex } from 'knex'
import { recordColumns } from './columns'

export const up = async (knex: Knex) => {
  await knex.schema.createTable('users', (table) => {
    recordColumns(table, knex)
    table.text('email').notNullable().unique('users_email_unique')
    table.text('password')
    table.text('title')
    table.text('firstName')
    table.text('lastName')
    table.boolean('verified').notNullable().defaultTo(false)
    table.boolean('resetRequired').notNullable().defaultTo(false)
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.dropTable('users')
}
