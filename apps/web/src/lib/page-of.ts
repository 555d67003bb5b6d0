import type { Page } from '@emporia/shared'

/**
 * A `find` answer as a page, typed by its caller's service: a plain array (a service called without
 * paging) becomes one page of everything.
 */
export const pageOf = <T>(result: Page<T> | T[]): Page<T> =>
  Array.isArray(result) ? { total: result.length, limit: result.length, skip: 0, data: result } : result

/** The records of a `find` answer, as the service map types them. */
export const rowsOf = <T>(result: Page<T> | T[]): T[] => pageOf(result).data
