import { patternMessageKey } from './patterns'

/**
 * Form rules from the same TypeBox schemas the server validates with (one schema, two sides): what a
 * field requires, its limits and its pattern, read from the JSON schema, and the check of a value
 * against them with the server's message keys (spec §5.1 format.*). Pure: works on plain schema objects.
 */
export interface FormRules {
  required?: boolean
  /** The value's kind when the schema says one (a per-language text counts as `string`). */
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array'
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  multipleOf?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  minItems?: number
  maxItems?: number
  /** The allowed values of a choice. */
  enum?: unknown[]
}

export interface RuleError {
  key: string
  values?: Record<string, number | string>
}

interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  const?: unknown
  readOnly?: boolean
  [keyword: string]: unknown
}

const branches = (schema: JsonSchema): JsonSchema[] => {
  const union = schema.anyOf ?? schema.oneOf
  return union ? union.flatMap(branches) : [schema]
}

/** A per-language text object ({en, cht, chs} of strings): checked as the texts it holds. */
const isLanguageTexts = (schema: JsonSchema) =>
  schema.type === 'object' &&
  Boolean(schema.properties) &&
  Object.values(schema.properties!).every((property) => branches(property).every((branch) => branch.type === 'string'))

const LIMITS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems'
] as const

/** The rules of one value schema: its non-null branches must agree on a kind for limits to apply. */
const rulesOf = (schema: JsonSchema): FormRules => {
  const candidates = branches(schema).filter((branch) => branch.type !== 'null' && !isLanguageTexts(branch))
  if (candidates.length && candidates.every((branch) => branch.const !== undefined))
    return { enum: candidates.map((branch) => branch.const) }
  const kinds = new Set(candidates.map((branch) => branch.type))
  if (candidates.length !== 1 || kinds.size !== 1) return {}
  const [branch] = candidates
  const rules: FormRules = {}
  if (['string', 'number', 'integer', 'boolean', 'array'].includes(branch.type ?? ''))
    rules.type = branch.type as FormRules['type']
  for (const limit of LIMITS) if (branch[limit] !== undefined) (rules as Record<string, unknown>)[limit] = branch[limit]
  if (Array.isArray(branch.enum)) rules.enum = branch.enum as unknown[]
  return rules
}

/**
 * The rules of a field of `schema` at a dotted path (`price`, `skus.price`, `skus.0.price`; list
 * indexes may be left out). Unknown paths have no rules. Server-owned (readOnly) fields are never required.
 */
export const formRules = (schema: unknown, path: string): FormRules => {
  let current: JsonSchema[] = [schema as JsonSchema]
  let required = false
  for (const segment of path.split('.').filter((part) => !/^\d+$/.test(part))) {
    const next: JsonSchema[] = []
    required = false
    for (const candidate of current.flatMap(branches)) {
      const holder = candidate.type === 'array' && candidate.items ? branches(candidate.items) : [candidate]
      for (const object of holder) {
        const property = object.properties?.[segment]
        if (!property) continue
        next.push(property)
        if (object.required?.includes(segment) && !property.readOnly) required = true
      }
    }
    if (!next.length) return {}
    current = next
  }
  const leaf = current.length === 1 ? current[0] : { anyOf: current }
  const rules = rulesOf(leaf)
  // A list the schema requires is required to be there, not to hold anything: an empty list is a valid
  // value (the form always sends one), unless the schema asks for `minItems` (a flat-fee shipping method
  // has no price ranges).
  const present = rules.type === 'array' && !rules.minItems
  return { ...(required && !present ? { required } : {}), ...rules }
}

const blank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value as object).every(blank))

/** How a limit is shown: money limits are cents, shown in the currency's units (`scale` 100). */
const shown = (limit: number, scale: number) => limit / scale

/**
 * The first rule a stored value breaks, as the server's message key, or undefined. `scale` turns
 * the limits of amounts stored in cents into what the person typed (100 for money).
 */
export const checkRules = (rules: FormRules, value: unknown, scale = 1): RuleError | undefined => {
  if (blank(value)) return rules.required ? { key: 'format.required' } : undefined
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { key: 'format.number' }
    if (rules.type === 'integer' && !Number.isInteger(value)) return { key: 'format.integer' }
    if (rules.minimum !== undefined && value < rules.minimum)
      return { key: 'format.shouldGreaterOrEqual', values: { value: shown(rules.minimum, scale) } }
    if (rules.exclusiveMinimum !== undefined && value <= rules.exclusiveMinimum)
      return { key: 'format.shouldGreater', values: { value: shown(rules.exclusiveMinimum, scale) } }
    if (rules.maximum !== undefined && value > rules.maximum)
      return { key: 'format.shouldLessOrEqual', values: { value: shown(rules.maximum, scale) } }
    if (rules.exclusiveMaximum !== undefined && value >= rules.exclusiveMaximum)
      return { key: 'format.shouldLess', values: { value: shown(rules.exclusiveMaximum, scale) } }
    if (rules.multipleOf !== undefined && !Number.isInteger(value / rules.multipleOf))
      return { key: 'format.multipleOf', values: { value: shown(rules.multipleOf, scale) } }
    return undefined
  }
  if (rules.type === 'integer' || rules.type === 'number')
    return { key: rules.type === 'integer' ? 'format.integer' : 'format.number' }
  if (typeof value === 'string') {
    if (rules.minLength !== undefined && value.length < rules.minLength)
      return { key: 'format.length', values: { length: rules.minLength } }
    if (rules.maxLength !== undefined && value.length > rules.maxLength)
      return { key: 'format.tooLong', values: { length: rules.maxLength } }
    if (rules.pattern !== undefined && !new RegExp(rules.pattern, 'u').test(value))
      return { key: patternMessageKey(rules.pattern) }
    if (rules.enum && !rules.enum.includes(value)) return { key: 'format.choice' }
    return undefined
  }
  if (Array.isArray(value)) {
    if (rules.minItems !== undefined && value.length < rules.minItems)
      return { key: 'format.minItems', values: { count: rules.minItems } }
    if (rules.maxItems !== undefined && value.length > rules.maxItems)
      return { key: 'format.maxItems', values: { count: rules.maxItems } }
    return undefined
  }
  // A per-language text: each language's text is held to the text rules.
  if (typeof value === 'object' && rules.type === 'string') {
    for (const text of Object.values(value as Record<string, unknown>)) {
      const error = typeof text === 'string' ? checkRules({ ...rules, required: false }, text, scale) : undefined
      if (error) return error
    }
  }
  return undefined
}
