import { BadRequest } from '@feathersjs/errors'
import type { TSchema } from '@sinclair/typebox'

const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$|^\d+$/

type JsonSchema = TSchema & {
  type?: string | string[]
  anyOf?: JsonSchema[]
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  additionalProperties?: boolean | JsonSchema
  patternProperties?: Record<string, JsonSchema>
}

/** Splits `name.en` into segments, refusing anything that is not a plain property name or index. */
export const splitPath = (path: string): string[] => {
  const segments = path.split('.')
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) throw new BadRequest(`Invalid field path "${path}"`)
  }
  return segments
}

/** A lax-mode SQL/JSON path: arrays on the way are unwrapped, so `inventories.quantity` matches any element. */
export const toJsonPath = (segments: string[]): string =>
  '$' + segments.map((s) => (/^\d+$/.test(s) ? `[${s}]` : `."${s}"`)).join('')

const nonNull = (schema: JsonSchema): JsonSchema => {
  if (schema.anyOf) {
    const options = schema.anyOf.filter((s) => s.type !== 'null')
    if (options.length === 1) return nonNull(options[0])
  }
  return schema
}

/**
 * The schema at `segments` below a JSON column's schema, looking through arrays as the path does.
 * Undefined when the path leaves the declared shape; `null` when the shape is open (any value).
 */
export const schemaAt = (root: TSchema, segments: string[]): JsonSchema | null | undefined => {
  let current: JsonSchema | null = nonNull(root as JsonSchema)
  for (const segment of segments) {
    while (current && current.type === 'array' && current.items) current = nonNull(current.items)
    if (!current) return null
    if (current.type === 'array' && /^\d+$/.test(segment)) continue
    if (current.properties?.[segment]) {
      current = nonNull(current.properties[segment])
      continue
    }
    const open = current.patternProperties
      ? Object.values(current.patternProperties)[0]
      : typeof current.additionalProperties === 'object'
        ? current.additionalProperties
        : undefined
    if (open) {
      current = nonNull(open)
      continue
    }
    if (current.type === undefined || current.additionalProperties === true) return null
    return undefined
  }
  while (current && current.type === 'array' && current.items) current = nonNull(current.items)
  return current
}

/** Path literals are built from checked segments; values never go into them (they are bound as vars). */
export const jsonString = (text: string) => JSON.stringify(text)
