/** The query language every service speaks (Feathers common syntax plus the spec's extras, §7.8). */
export const COMPARISON_OPERATORS = ['$in', '$nin', '$lt', '$lte', '$gt', '$gte', '$ne', '$regex', '$options'] as const
export const QUERY_FILTERS = ['$limit', '$skip', '$sort', '$select', '$or', '$and', '$populate', '$cursor'] as const

export type SortOrder = 1 | -1
export type PopulateSpec = string | { path: string; select?: string[] }

export interface Cursors {
  previous: string | null
  next: string | null
}

export interface Page<T> {
  total: number
  limit: number
  skip: number
  data: T[]
  /** Present in cursor mode (`$cursor`), where `total` is -1 because no count is taken. */
  cursors?: Cursors
  /**
   * `'atLeast'` when the count stopped at a cap (issue 17: a total that is not cached is counted only up
   * to a bound): at least `total` records match, maybe more. Absent when `total` is exact.
   */
  totalPrecision?: 'atLeast'
}

/** Nested-array operations on one document's JSON array field (spec §7.8). */
export interface ArrayPatchOperators {
  $push?: Record<string, unknown>
  $set?: Record<string, unknown>
  $pull?: Record<string, Record<string, unknown>>
  $unset?: Record<string, unknown>
}
