/**
 * Whether a value fits a JSON schema of the subset our TypeBox schemas use (type, const, anyOf,
 * properties, required, additionalProperties, patternProperties, items, the number and length limits,
 * pattern). The page model's prop checks use it so the editor and the server check a value against the
 * very schemas the server's Ajv compiles, without bringing TypeBox's `Value` into the web bundle.
 */
interface JsonSchema {
  type?: string
  const?: unknown
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean
  patternProperties?: Record<string, JsonSchema>
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
}

const patterns = new Map<string, RegExp>()
const regex = (pattern: string) => {
  let compiled = patterns.get(pattern)
  if (!compiled) patterns.set(pattern, (compiled = new RegExp(pattern, 'u')))
  return compiled
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const typeFits = (type: string, value: unknown): boolean => {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'integer':
      return Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'null':
      return value === null
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isRecord(value)
    default:
      return false
  }
}

export const fitsSchema = (schema: object, value: unknown): boolean => {
  const s = schema as JsonSchema
  if (s.anyOf) return s.anyOf.some((branch) => fitsSchema(branch, value))
  if ('const' in s && s.const !== value) return false
  if (s.type && !typeFits(s.type, value)) return false
  if (typeof value === 'string') {
    // JSON Schema counts code points, as Ajv does.
    const length = [...value].length
    if ((s.minLength !== undefined && length < s.minLength) || (s.maxLength !== undefined && length > s.maxLength)) return false
    if (s.pattern !== undefined && !regex(s.pattern).test(value)) return false
  }
  if (typeof value === 'number') {
    if ((s.minimum !== undefined && value < s.minimum) || (s.maximum !== undefined && value > s.maximum)) return false
  }
  if (Array.isArray(value)) {
    if ((s.minItems !== undefined && value.length < s.minItems) || (s.maxItems !== undefined && value.length > s.maxItems))
      return false
    if (s.items && !value.every((item) => fitsSchema(s.items!, item))) return false
  }
  if (isRecord(value) && s.type === 'object') {
    for (const name of s.required ?? []) if (!Object.hasOwn(value, name)) return false
    for (const [name, item] of Object.entries(value)) {
      const property = s.properties && Object.hasOwn(s.properties, name) ? s.properties[name] : undefined
      if (property) {
        if (item !== undefined && !fitsSchema(property, item)) return false
        continue
      }
      const matching = Object.entries(s.patternProperties ?? {}).filter(([pattern]) => regex(pattern).test(name))
      if (matching.length) {
        if (!matching.every(([, itemSchema]) => fitsSchema(itemSchema, item))) return false
      } else if (s.additionalProperties === false) return false
    }
  }
  return true
}
