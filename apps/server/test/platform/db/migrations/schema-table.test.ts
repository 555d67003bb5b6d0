import { Type } from '@sinclair/typebox'
import { ID_PATTERN } from '@emporia/shared'
import { addSchemaColumns, createShopTable, dropShopTable } from '../../../../src/platform/db/migrations/schema-table'
import { dialects, freshDb, type DialectName } from '../../../support/databases'
import { wallGaps } from '../../../support/wall-coverage'

const gadgetSchema = Type.Object({
  _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
  shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
  name: Type.Union([Type.String(), Type.Object({ en: Type.Optional(Type.String()) })]),
  kind: Type.Union([Type.Literal('app'), Type.Literal('website')]),
  order: Type.Optional(Type.Integer()),
  ratio: Type.Optional(Type.Number()),
  live: Type.Optional(Type.Boolean()),
  expiry: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  warehouse: Type.Optional(Type.String({ pattern: ID_PATTERN, ref: 'warehouses' })),
  createdAt: Type.String({ format: 'date-time', readOnly: true }),
  updatedAt: Type.String({ format: 'date-time', readOnly: true })
})

/** A table made from a shared schema has the schema's columns, and sits behind the wall (0074). */
describe.each(await dialects())('tables from schemas (%s)', (dialect: DialectName) => {
  let db: Awaited<ReturnType<typeof freshDb>>
  beforeAll(async () => {
    db = await freshDb(dialect)
  })
  afterAll(() => db.close())

  it('declares each field as its kind, not null where the schema requires it, indexed by shop', async () => {
    await createShopTable(db.knex, 'gadgets', gadgetSchema, { indexes: [['kind']] })
    const { rows } = (await db.knex.raw(
      `select column_name as name, data_type as type, is_nullable as nullable from information_schema.columns
       where table_name = 'gadgets' order by column_name`
    )) as { rows: { name: string; type: string; nullable: string }[] }
    expect(
      Object.fromEntries(rows.map((row) => [row.name, `${row.type} ${row.nullable === 'YES' ? 'null' : 'not null'}`]))
    ).toEqual({
      _id: 'character not null',
      shop: 'character not null',
      createdAt: 'timestamp with time zone not null',
      updatedAt: 'timestamp with time zone not null',
      name: 'jsonb not null',
      kind: 'text not null',
      order: 'bigint null',
      ratio: 'double precision null',
      live: 'boolean null',
      expiry: 'timestamp with time zone null',
      warehouse: 'character null'
    })
    const indexes = (await db.knex.raw(`select indexname from pg_indexes where tablename = 'gadgets' order by indexname`)) as {
      rows: { indexname: string }[]
    }
    expect(indexes.rows.map((row) => row.indexname)).toEqual(['gadgets_pkey', 'gadgets_shop_created', 'gadgets_shop_kind'])
    if (dialect === 'postgres') expect((await wallGaps(db.knex)).filter((gap) => gap.startsWith('gadgets'))).toEqual([])
    await dropShopTable(db.knex, 'gadgets')
  })

  it('adds the columns a schema gained since its table was made, nullable, and nothing twice', async () => {
    const { expiry: _expiry, live: _live, ...older } = gadgetSchema.properties
    await createShopTable(db.knex, 'gadgets', Type.Object(older))
    await addSchemaColumns(db.knex, 'gadgets', gadgetSchema)
    await addSchemaColumns(db.knex, 'gadgets', gadgetSchema)
    const columns = await db.knex('gadgets').columnInfo()
    expect(columns).toHaveProperty('expiry')
    expect(columns).toHaveProperty('live')
    expect(columns.live.nullable).toBe(true)
    await dropShopTable(db.knex, 'gadgets')
  })
})
