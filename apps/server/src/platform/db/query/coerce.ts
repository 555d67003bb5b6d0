import { BadRequest } from '@feathersjs/errors'
import { isObjectId } from '@emporia/shared'
import type { FieldKind } from './model'

const NUMBER_RE = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/

/**
 * Query values arrive typed from the socket and as strings from REST query strings. Each is
 * checked against the field's type and converted, so a bad value is a 400 naming the field,
 * never a database error.
 */
export const coerceValue = (field: string, kind: FieldKind | 'any', isId: boolean, value: unknown): unknown => {
  if (value === null) return null
  if (isId) {
    if (!isObjectId(value)) throw new BadRequest(`"${field}" must be a 24-character hex id`, { field })
    return value
  }
  switch (kind) {
    case 'string':
      if (typeof value === 'string') return value
      if (typeof value === 'number' && Number.isFinite(value)) return String(value)
      throw new BadRequest(`"${field}" must be text`, { field })
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && NUMBER_RE.test(value) ? Number(value) : NaN
      if (!Number.isFinite(n)) throw new BadRequest(`"${field}" must be a number`, { field })
      if (kind === 'integer' && !Number.isInteger(n)) throw new BadRequest(`"${field}" must be a whole number`, { field })
      return n
    }
    case 'boolean':
      if (typeof value === 'boolean') return value
      if (value === 'true' || value === '1') return true
      if (value === 'false' || value === '0') return false
      throw new BadRequest(`"${field}" must be true or false`, { field })
    case 'date': {
      const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null
      if (!date || Number.isNaN(date.getTime())) throw new BadRequest(`"${field}" must be a date`, { field })
      return date.toISOString()
    }
    default:
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
      if (Array.isArray(value) || typeof value === 'object') return value
      throw new BadRequest(`Invalid value for "${field}"`, { field })
  }
}

/** `$in: {0: 'a', 1: 'b'}` is what some query-string parsers make of long arrays. */
export const asArray = (field: string, operator: string, value: unknown, max: number): unknown[] => {
  let list: unknown[] | undefined
  if (Array.isArray(value)) list = value
  else if (value && typeof value === 'object') {
    const entries = Object.entries(value)
    if (entries.every(([k]) => /^\d+$/.test(k))) list = entries.map(([, v]) => v)
  } else if (typeof value === 'string' || typeof value === 'number') list = [value]
  if (!list) throw new BadRequest(`${operator} on "${field}" needs a list`, { field })
  if (list.length > max) throw new BadRequest(`${operator} on "${field}" has more than ${max} values`, { field })
  return list
}
