import type { TObject, TSchema } from '@sinclair/typebox'
import { ID_PATTERN } from '@emporia/shared'

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'json'

export interface Field {
  name: string
  kind: FieldKind
  nullable: boolean
  /** Server-owned: clients never set it (JSON Schema `readOnly`). */
  readOnly: boolean
  /** Values are record ids (24-hex). */
  isId: boolean
  /** Service path this field references, for `$populate`. */
  ref?: string
  schema: TSchema
}

/** What the query compiler knows about a table: its columns and their types. */
export interface Model {
  table: string
  idField: string
  fields: Map<string, Field>
  schema: TObject
}

type JsonSchema = TSchema & {
  type?: string | string[]
  anyOf?: JsonSchema[]
  format?: string
  pattern?: string
  readOnly?: boolean
  ref?: string
}

const kindOf = (schema: JsonSchema): { kind: FieldKind; nullable: boolean } => {
  if (schema.anyOf) {
    const nonNull = schema.anyOf.filter((s) => s.type !== 'null')
    const nullable = nonNull.length < schema.anyOf.length
    if (nonNull.length === 1) return { kind: kindOf(nonNull[0]).kind, nullable }
    // A union of scalars of one type (an enum of string literals) is that scalar, not JSON.
    const kinds = new Set(nonNull.map((s) => kindOf(s).kind))
    if (kinds.size === 1 && !kinds.has('json')) return { kind: [...kinds][0], nullable }
    return { kind: 'json', nullable }
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  const nullable = types.includes('null')
  const type = types.find((t) => t !== 'null')
  if (type === 'string') return { kind: schema.format === 'date-time' ? 'date' : 'string', nullable }
  if (type === 'number') return { kind: 'number', nullable }
  if (type === 'integer') return { kind: 'integer', nullable }
  if (type === 'boolean') return { kind: 'boolean', nullable }
  return { kind: 'json', nullable }
}

export const modelFromSchema = (table: string, schema: TObject, idField = '_id'): Model => {
  const fields = new Map<string, Field>()
  for (const [name, property] of Object.entries(schema.properties) as [string, JsonSchema][]) {
    const { kind, nullable } = kindOf(property)
    const idPattern = property.pattern ?? property.anyOf?.find((s) => s.pattern)?.pattern
    fields.set(name, {
      name,
      kind,
      nullable: nullable || !schema.required?.includes(name),
      readOnly: property.readOnly === true || name === idField,
      isId: idPattern === ID_PATTERN,
      ref: property.ref,
      schema: property
    })
  }
  if (!fields.has(idField)) throw new Error(`Schema for ${table} has no ${idField} property`)
  return { table, idField, fields, schema }
}
