import { BadRequest } from '@feathersjs/errors'
import { splitPath } from './json-path'
import type { Model } from './model'
import type { Sql } from './where'

export interface SortKey {
  /** As the client wrote it: `name` or `name.en`. */
  key: string
  column: string
  path: string[]
  direction: 1 | -1
  /** The column holds JSON: cursor values compare as jsonb, whether or not a sub-path is read. */
  json?: boolean
}

const MAX_SORT_KEYS = 6

/** `$sort` → sort keys, always ending with the id so that every order is total (keyset-safe). */
export const parseSort = (model: Model, sort: unknown): SortKey[] => {
  const keys: SortKey[] = []
  if (sort !== undefined && sort !== null && sort !== '') {
    if (typeof sort !== 'object' || Array.isArray(sort)) throw new BadRequest('$sort must be an object of field: 1 | -1')
    const entries = Object.entries(sort)
    if (entries.length > MAX_SORT_KEYS) throw new BadRequest(`$sort takes at most ${MAX_SORT_KEYS} fields`)
    for (const [key, raw] of entries) {
      const direction = Number(raw)
      if (direction !== 1 && direction !== -1) throw new BadRequest(`$sort on "${key}" must be 1 or -1`, { field: key })
      const [column, ...path] = model.fields.has(key) ? [key] : splitPath(key)
      const field = model.fields.get(column)
      if (!field) throw new BadRequest(`Unknown field "${key}" in $sort`, { key: 'format.unknownField', field: key })
      if (path.length && field.kind !== 'json') throw new BadRequest(`"${column}" has no sub-fields`, { field: key })
      keys.push({ key, column, path, direction, json: field.kind === 'json' })
    }
  }
  if (!keys.some((k) => k.column === model.idField && k.path.length === 0)) {
    keys.push({ key: model.idField, column: model.idField, path: [], direction: 1 })
  }
  return keys
}

/** The SQL expression a sort key orders by: the column, or the JSON value at its path. */
export const sortExpression = (key: SortKey): Sql =>
  key.path.length
    ? { sql: '(?? #> ?::text[])', bindings: [key.column, `{${key.path.join(',')}}`] }
    : { sql: '??', bindings: [key.column] }

export const orderBy = (keys: SortKey[], reverse = false): Sql => {
  const parts = keys.map((key) => {
    const expression = sortExpression(key)
    const descending = (key.direction === -1) !== reverse
    return { sql: `${expression.sql} ${descending ? 'desc' : 'asc'}`, bindings: expression.bindings }
  })
  return { sql: parts.map((p) => p.sql).join(', '), bindings: parts.flatMap((p) => p.bindings) }
}

/** The value a row has for a sort key, as the database compares it. */
export const sortValue = (row: Record<string, unknown>, key: SortKey): unknown => {
  let value: unknown = row[key.column]
  for (const segment of key.path) {
    if (value === null || value === undefined || typeof value !== 'object') return null
    value = (value as Record<string, unknown>)[segment]
  }
  return value ?? null
}
