import type { Knex } from 'knex'
import type { TObject } from '@sinclair/typebox'
import { modelFromSchema, type Field } from '../query/model'
import { isPostgres, rowSecurityAvailable, shopWall } from '../row-security'
import { recordColumns } from './columns'

/**
 * A shop-scoped table made from its shared TypeBox schema (docs/decisions/0074), so the columns a
 * service stores are the fields its schema declares, named once. Integers are bigint (money is
 * integer cents, decision 0003), other numbers double precision, objects and lists jsonb, ids
 * char(24). A field the schema requires is not null. Tables whose columns need more than this
 * (decimals for stock, defaults, partial indexes) are written out by hand as before.
 */
const column = (table: Knex.CreateTableBuilder, field: Field) => {
  const made = (() => {
    if (field.isId) return table.specificType(field.name, 'char(24)')
    switch (field.kind) {
      case 'string':
        return table.text(field.name)
      case 'integer':
        return table.bigInteger(field.name)
      case 'number':
        return table.double(field.name)
      case 'boolean':
        return table.boolean(field.name)
      case 'date':
        return table.timestamp(field.name, { useTz: true })
      case 'json':
        return table.jsonb(field.name)
    }
  })()
  if (!field.nullable) made.notNullable()
}

const BUILT_IN = new Set(['_id', 'shop', 'createdAt', 'updatedAt'])

export interface SchemaTableOptions {
  /** Column lists to index after `shop` (the list's filters and sorts); `createdAt, _id` always is. */
  indexes?: string[][]
}

/** Creates a shop-scoped record table from its schema, behind the row-security wall where there is one. */
export const createShopTable = async (knex: Knex, table: string, schema: TObject, options: SchemaTableOptions = {}) => {
  const model = modelFromSchema(table, schema)
  await knex.schema.createTable(table, (builder) => {
    recordColumns(builder, knex)
    builder.specificType('shop', 'char(24)').notNullable().references('_id').inTable('shops').onDelete('CASCADE')
    for (const field of model.fields.values()) if (!BUILT_IN.has(field.name)) column(builder, field)
    builder.index(['shop', 'createdAt', '_id'], `${table}_shop_created`)
    for (const columns of options.indexes ?? [])
      builder.index(['shop', ...columns, '_id'], `${table}_shop_${columns.join('_')}`.slice(0, 63))
  })
  if (isPostgres(knex) && (await rowSecurityAvailable(knex))) await shopWall(knex, table)
}

/**
 * A later migration of a schema-made table: adds the columns its schema has gained. The first
 * migration makes the table from the schema as it is when it runs, so on a fresh database the new
 * columns are already there and this adds nothing; on an older one it adds them. New fields are
 * created nullable (existing rows have no value), whatever the schema requires.
 */
export const addSchemaColumns = async (knex: Knex, table: string, schema: TObject) => {
  const model = modelFromSchema(table, schema)
  const existing = new Set(Object.keys(await knex(table).columnInfo()))
  const missing = [...model.fields.values()].filter((field) => !existing.has(field.name))
  if (!missing.length) return
  await knex.schema.alterTable(table, (builder) => {
    for (const field of missing) column(builder, { ...field, nullable: true })
  })
}

export const dropShopTable = (knex: Knex, table: string) => knex.schema.dropTableIfExists(table)
