import type { TObject, TSchema } from '@sinclair/typebox'
import { ID_PATTERN } from '@emporia/shared'

/**
 * Valid data for a record, made from its shared TypeBox schema, so a new service joins the tenancy
 * matrix without anyone writing its sample by hand (docs/decisions/0074). Only what a client may
 * send and must send is filled: required fields that are not `readOnly`. Ids come from `refOf`,
 * which answers the id of a record of the service the field's `ref` names.
 */
type Json = TSchema & {
  type?: string | string[]
  anyOf?: Json[]
  const?: unknown
  properties?: Record<string, Json>
  required?: string[]
  items?: Json
  minItems?: number
  minimum?: number
  exclusiveMinimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  readOnly?: boolean
  ref?: string
}

let serial = 0

const stringFor = (schema: Json, name: string, ref: string | undefined, refOf: (path: string) => string): string => {
  if (schema.pattern === ID_PATTERN) {
    if (!ref) throw new Error(`"${name}" is an id without a ref: give its schema a ref to the service it names`)
    return refOf(ref)
  }
  if (schema.format === 'date-time') return new Date().toISOString()
  if (schema.format === 'email') return `sample${++serial}.${Date.now().toString(36)}@example.com`
  if (schema.pattern) throw new Error(`"${name}" has a pattern the sampler cannot fill: ${schema.pattern}`)
  const text = `Sample ${name} ${++serial}`.slice(0, schema.maxLength ?? 1000)
  return text.padEnd(schema.minLength ?? 0, 'x')
}

const numberFor = (schema: Json): number => {
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 1)
  return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER)
}

const valueFor = (schema: Json, name: string, refOf: (path: string) => string, ref = schema.ref): unknown => {
  if (schema.const !== undefined) return schema.const
  if (schema.anyOf) {
    const choice = schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0]
    return valueFor(choice, name, refOf, ref ?? choice.ref)
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'string':
      return stringFor(schema, name, ref, refOf)
    case 'integer':
    case 'number':
      return numberFor(schema)
    case 'boolean':
      return false
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => valueFor(schema.items as Json, name, refOf))
    case 'object':
      return objectFor(schema, refOf)
    case 'null':
      return null
    default:
      throw new Error(`"${name}" has a schema the sampler does not know: ${JSON.stringify(schema)}`)
  }
}

const objectFor = (schema: Json, refOf: (path: string) => string): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name]
    if (property && !property.readOnly) out[name] = valueFor(property, name, refOf)
  }
  return out
}

/** The smallest valid create data of a record. */
export const sampleFromSchema = (schema: TObject, refOf: (path: string) => string): Record<string, unknown> =>
  objectFor(schema as Json, refOf)

/** A change a client may make: its first writable text field renamed, or nothing when it has none. */
export const patchFromSchema = (schema: TObject): Record<string, unknown> => {
  for (const [name, property] of Object.entries((schema as Json).properties ?? {})) {
    if (property.readOnly || name === '_id') continue
    const options = property.anyOf ?? [property]
    const plainText = options.some(
      (option) => option.type === 'string' && !option.pattern && !option.format && option.const === undefined
    )
    if (plainText) return { [name]: `Renamed ${++serial}` }
  }
  return {}
}

/** The services a record's schema names by `ref`, anywhere in it (its samples need one of each first). */
export const refsOf = (schema: TSchema): string[] => {
  const found = new Set<string>()
  const walk = (node: Json) => {
    if (node.ref) found.add(node.ref)
    for (const child of [...Object.values(node.properties ?? {}), ...(node.anyOf ?? []), ...(node.items ? [node.items] : [])])
      if (!child.readOnly) walk(child)
  }
  walk(schema as Json)
  return [...found]
}
