import type { Query } from '@feathersjs/feathers'
import { lookupQuery } from '@emporia/shared'

/** Options per lookup fetch. */
export const LOOKUP_OPTIONS_LIMIT = 20

interface LookupSource {
  textField?: string
  searchFields?: string[]
  query?: Query
}

/**
 * A lookup field's find (spec §7.8): the typed text escaped and matched case-insensitively
 * against any configured field (`$or`), the source's own conditions joined by `$and`.
 */
export const optionsQuery = (source: LookupSource, search: string): Query => {
  const fields = source.searchFields ?? [source.textField ?? 'name']
  const text = search.trim()
  const conditions: Query[] = []
  // An order of the options (`$sort`) is no condition: it stays at the top of the query.
  const { $sort, ...condition } = source.query ?? {}
  if (Object.keys(condition).length) conditions.push(condition)
  if (text) conditions.push(lookupQuery(fields, text))
  const where = conditions.length > 1 ? { $and: conditions } : (conditions[0] ?? {})
  return { ...where, ...($sort ? { $sort: $sort as unknown } : {}), $limit: LOOKUP_OPTIONS_LIMIT }
}

/** Selected values the options do not hold: they are fetched by a second find. */
export const missingValues = (selected: readonly string[], loaded: readonly string[]) => {
  const have = new Set(loaded)
  return [...new Set(selected.filter((value) => value && !have.has(value)))]
}
