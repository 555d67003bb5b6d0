import type { FieldDef } from '../fields/field-types'

/** One refused field as the server reports it (`errors[]` of a validation error, or `data` of a rule's). */
interface ServerFieldError {
  field?: string
  key?: string
  values?: Record<string, unknown>
  message?: string
}

interface ErrorShape {
  data?: ServerFieldError
  errors?: unknown
}

/** The refused fields of a server error: every entry of `errors[]`, else the one `data.field`. */
export const refusedFields = (error: unknown): ServerFieldError[] => {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as ErrorShape
  if (Array.isArray(shape.errors)) return (shape.errors as ServerFieldError[]).filter((entry) => entry?.field)
  return shape.data?.field ? [shape.data] : []
}

/** A message key in the current language, or undefined when the interface does not know it. */
export type Translate = (key: string, values?: Record<string, unknown>) => string | undefined

/**
 * Where a field path shows in a form: the declared field, a list item's field (`skus.0.price`), or
 * the nearest shown field above it (`name.cht` under the translatable `name`); undefined when none shows.
 */
export const shownPath = (fields: readonly FieldDef[], path: string): string | undefined => {
  // A field may be named by a path itself (`orderIdList.prefix` on a settings form): the longest that fits.
  const field = fields
    .filter((candidate) => path === candidate.name || path.startsWith(`${candidate.name}.`))
    .sort((a, b) => b.name.length - a.name.length)[0]
  if (!field) return undefined
  const { name } = field
  const rest = path.slice(name.length + 1).split('.')
  if (field.type === 'list' && /^\d+$/.test(rest[0] ?? '') && rest[1]) {
    const inner = shownPath(field.fields, rest.slice(1).join('.'))
    if (inner) return `${name}.${rest[0]}.${inner}`
  }
  return name
}

export interface PlacedErrors {
  /** Translated messages by the shown field path they belong under. */
  fields: Record<string, string>
  /** Translated messages no shown field can take (for the error snackbar). */
  others: string[]
}

/** A server refusal spread over the form: each message under its field, the rest for the snackbar. */
export const placeServerErrors = (
  error: unknown,
  shown: readonly FieldDef[],
  translate: Translate,
  fallback: string
): PlacedErrors => {
  const placed: PlacedErrors = { fields: {}, others: [] }
  for (const entry of refusedFields(error)) {
    // The shared key in the interface language; the server's English only for a key this client lacks.
    const message = (entry.key && translate(entry.key, entry.values)) || entry.message || fallback
    const path = shownPath(shown, entry.field!)
    if (path && !placed.fields[path]) placed.fields[path] = message
    // A format refusal of a field the form does not show names it (what to fix); a rule's refusal is a
    // sentence of its own and never starts with a field's code name ("cashier: …").
    else if (!path) placed.others.push(entry.key?.startsWith('format.') ? `${entry.field}: ${message}` : message)
  }
  return placed
}
