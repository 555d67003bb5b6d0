/**
 * Pure updaters that apply one service event to one cached result. A result is whatever a
 * Feathers method answered: a page `{total, limit, skip, data}`, a plain array, or a record.
 * Each returns the same reference when the record is not there, so unrelated queries keep
 * their identity and their components do not re-render.
 */
export interface Identified {
  _id: string
}

interface PageLike {
  total: number
  data: unknown[]
}

export const isIdentified = (value: unknown): value is Identified =>
  typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string'

const isPageLike = (value: unknown): value is PageLike =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { data?: unknown }).data) &&
  typeof (value as { total?: unknown }).total === 'number'

const indexOfId = (list: unknown[], id: string) => list.findIndex((item) => isIdentified(item) && item._id === id)

const itemsOf = (result: unknown): unknown[] | undefined => {
  if (Array.isArray(result)) return result
  if (isPageLike(result)) return result.data
  return undefined
}

export const containsRecord = (result: unknown, id: string): boolean => {
  const items = itemsOf(result)
  return items ? indexOfId(items, id) >= 0 : false
}

/** Puts the event's copy of the record where the cached copy was (the event carries the whole record). */
export const replaceRecord = <T, R extends Identified>(result: T, record: R): T => {
  const items = itemsOf(result)
  if (!items) return result
  const index = indexOfId(items, record._id)
  if (index < 0) return result
  const next = items.slice()
  next[index] = record
  return (Array.isArray(result) ? next : { ...result, data: next }) as T
}

/** Drops the record; a page's total follows, except in cursor mode where total is -1 (not counted). */
export const removeRecord = <T>(result: T, id: string): T => {
  const items = itemsOf(result)
  if (!items) return result
  const index = indexOfId(items, id)
  if (index < 0) return result
  const next = items.filter((_, i) => i !== index)
  if (Array.isArray(result)) return next as T
  const page = result as PageLike
  return { ...page, data: next, total: page.total > 0 ? page.total - 1 : page.total } as T
}
