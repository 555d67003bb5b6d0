import { VIRTUAL_RENDER_LIMIT } from './paging'

/**
 * Which pages a virtual table needs for the rows in view, and which cached pages it may drop:
 * pages are fixed windows of `pageSize` rows fetched by `$skip`, so any scroll position can be
 * loaded directly, and at most the render limit's worth (1000 rows) is kept.
 */
export const pagesForRange = (start: number, end: number, pageSize: number): number[] => {
  if (end < start || pageSize <= 0) return []
  const first = Math.floor(Math.max(0, start) / pageSize)
  const last = Math.floor(Math.max(0, end) / pageSize)
  return Array.from({ length: last - first + 1 }, (_, i) => first + i)
}

/** Cached pages farthest from the view go first once more than `limit` rows are held. */
export const pagesToDrop = (
  cached: readonly number[],
  center: number,
  pageSize: number,
  limit = VIRTUAL_RENDER_LIMIT
): number[] => {
  const keep = Math.max(1, Math.floor(limit / pageSize))
  if (cached.length <= keep) return []
  return [...cached].sort((a, b) => Math.abs(b - center) - Math.abs(a - center)).slice(0, cached.length - keep)
}
