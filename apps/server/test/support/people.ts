import { Type } from '@sinclair/typebox'
import { ID_PATTERN } from '@emporia/shared'
import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { modelFromSchema } from '../../src/platform/db/query/model'

/** The fixture the Feathers adapter suite expects, plus JSON fields for the project's own tests. */
export const personSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: Type.String(),
    age: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    created: Type.Optional(Type.Boolean()),
    shop: Type.Optional(Type.String({ pattern: ID_PATTERN, readOnly: true })),
    title: Type.Optional(Type.Object({ en: Type.Optional(Type.String()), cht: Type.Optional(Type.String()) })),
    friend: Type.Optional(Type.String({ pattern: ID_PATTERN, ref: 'people' })),
    counter: Type.Optional(Type.Integer({ readOnly: true })),
    born: Type.Optional(Type.String({ format: 'date-time' })),
    inventories: Type.Optional(
      Type.Array(
        Type.Object({
          _id: Type.Optional(Type.String()),
          warehouse: Type.Optional(Type.String()),
          quantity: Type.Optional(Type.Number())
        })
      )
    ),
    tags: Type.Optional(Type.Array(Type.String()))
  },
  { additionalProperties: false }
)

export const personModel = modelFromSchema('people', personSchema)

export const createPeopleTable = async (knex: Knex) => {
  await knex.schema.dropTableIfExists('people')
  await knex.schema.createTable('people', (table) => {
    table.specificType('_id', 'char(24)').primary()
    table.text('name').notNullable()
    table.double('age')
    table.boolean('created')
    table.specificType('shop', 'char(24)')
    table.jsonb('title')
    table.specificType('friend', 'char(24)')
    table.integer('counter')
    table.timestamp('born', { useTz: true })
    table.jsonb('inventories')
    table.jsonb('tags')
  })
}

/** The fixture is not a shop-scoped service: tests that listen for its events open them to every signed-in socket. */
export const publishPeopleToSignedIn = (app: Application) => {
  app.service('people').publish(() => app.channel('authenticated'))
}
