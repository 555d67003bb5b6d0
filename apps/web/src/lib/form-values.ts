import { toCents } from '@emporia/shared'
import { evaluateExpression } from './expression'

/**
 * Pure helpers of the editor form: which values a record sends, how typed text becomes stored
 * values, and the generic checks (spec §5.1). Messages are keys; the form translates them.
 */
export type Values = Record<string, unknown>

export interface ValueRule {
  name: string
  type: string
  required?: boolean
  /** Repeatable lists carry their own fields. */
  fields?: ValueRule[]
  /** Shows something but holds no value of the record (never picked, never sent). */
  display?: boolean
}

export interface FieldError {
  key: string
  values?: Record<string, unknown>
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A field named by a path (`member.minQty`) reads inside the record's object; a plain name reads the field. */
const valueAt = (record: Values, name: string): unknown => {
  if (name in record || !name.includes('.')) return record[name]
  return name
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Values)[key] : undefined), record)
}

/** The server refuses unknown fields, so an editor sends exactly its declared fields. */
export const pickFields = (record: Values, rules: readonly ValueRule[]): Values => {
  const picked: Values = {}
  for (const rule of rules) {
    const value = rule.display ? undefined : valueAt(record, rule.name)
    if (value !== undefined) picked[rule.name] = value
  }
  return picked
}

const isBlankText = (value: unknown) => typeof value !== 'string' || value.trim() === ''

/** A translatable value with every language empty counts as empty. */
export const isEmptyValue = (value: unknown): boolean => {
  if (value === undefined || value === null || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.values(value as Values).every((v) => isBlankText(v))
  return false
}

export const checkValue = (rule: ValueRule, value: unknown, values: Values): FieldError | undefined => {
  if (rule.required && isEmptyValue(value) && rule.type !== 'boolean') return { key: 'format.required' }
  if (isEmptyValue(value)) return undefined
  if ((rule.type === 'number' || rule.type === 'money') && typeof value === 'string' && !evaluateExpression(value).ok)
    return { key: 'format.badExp' }
  if (rule.type === 'email' && (typeof value !== 'string' || !EMAIL_RE.test(value.trim()))) return { key: 'format.email' }
  if (rule.type === 'password') {
    if (typeof value === 'string' && value.length < 6) return { key: 'format.length', values: { length: 6 } }
    if (value !== values[`${rule.name}$confirm`]) return { key: 'format.different' }
  }
  return undefined
}

/** Every failing field's error, list items included (as `list.0.name`). */
export const checkValues = (rules: readonly ValueRule[], values: Values, prefix = ''): Record<string, FieldError> => {
  const errors: Record<string, FieldError> = {}
  for (const rule of rules) {
    const value = values[rule.name]
    const error = checkValue(rule, value, values)
    if (error) errors[prefix + rule.name] = error
    if (rule.type === 'list' && rule.fields && Array.isArray(value))
      value.forEach((item, index) =>
        Object.assign(errors, checkValues(rule.fields!, (item ?? {}) as Values, `${prefix}${rule.name}.${index}.`))
      )
  }
  return errors
}

const cleanTranslatable = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const entries = Object.entries(value as Values).filter(([, text]) => !isBlankText(text))
  return entries.length ? Object.fromEntries(entries) : ''
}

/** A typed amount ("12.5", "3*4") in cents; what is not an amount stays as typed, for the check to refuse. */
const moneyValue = (value: unknown): unknown => {
  if (value === '' || value === null) return null
  if (typeof value !== 'string') return value
  const result = evaluateExpression(value)
  try {
    return result.ok ? toCents(result.value) : value
  } catch {
    return value
  }
}

/** Turns what the inputs hold into what is stored: expressions become numbers, empty languages go. */
export const normalizeValues = (rules: readonly ValueRule[], values: Values): Values => {
  const out: Values = {}
  for (const rule of rules) {
    let value = values[rule.name]
    if (value === undefined || rule.display) continue
    if (rule.type === 'money') value = moneyValue(value)
    else if (rule.type === 'number') {
      if (value === '' || value === null) value = undefined
      else if (typeof value === 'string')
        value = evaluateExpression(value).ok ? (evaluateExpression(value) as { value: number }).value : value
    } else if (rule.type === 'translatable') value = cleanTranslatable(value)
    else if (rule.type === 'list' && rule.fields && Array.isArray(value))
      value = value.map((item) => ({ ...(item as Values), ...normalizeValues(rule.fields!, (item ?? {}) as Values) }))
    if (value !== undefined) out[rule.name] = value
  }
  return out
}

/** A copy for "clone": the record's declared fields, without its identity. */
export const cloneValues = (record: Values, rules: readonly ValueRule[]): Values => pickFields(record, rules)

/** A unique id for a new repeatable-list item (spec §3.17). */
export const generateItemId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().replace(/-/g, '').slice(0, 24)
    : Date.now().toString(16) + Math.random().toString(16).slice(2, 12)
