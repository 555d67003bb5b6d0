import type { Knex } from 'knex'
import { Type } from '@sinclair/typebox'
import { createShopTable, dropShopTable } from './schema-table'

/** A sheet ID an import made a record from (decision 0174; read and written by domains/imports/external-keys). */
const importKeySchema = Type.Object({
  _id: Type.String({ readOnly: true }),
  shop: Type.String({ readOnly: true }),
  /** The list (an import target's path). */
  target: Type.String(),
  /** The sheet's ID as written. */
  external: Type.String(),
  /** The record the import made from it. */
  record: Type.String(),
  createdAt: Type.String({ format: 'date-time', readOnly: true }),
  updatedAt: Type.String({ format: 'date-time', readOnly: true })
})

/** The sheet IDs imports made records from: one row per shop, list and ID, behind the wall. */
export const up = async (knex: Knex) => {
  await createShopTable(knex, 'importKeys', importKeySchema)
  await knex.raw(`CREATE UNIQUE INDEX "importKeys_external" ON "importKeys" (shop, target, external)`)
}

export const down = (knex: Knex) => dropShopTable(knex, 'importKeys')
