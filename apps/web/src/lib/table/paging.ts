/** Paging figures (spec §9.4). */
export const ROWS_PER_PAGE_OPTIONS = [5, 10, 20, 100] as const
export const DEFAULT_ROWS_PER_PAGE = 10
/** rowsPerPage −1 means every row. */
export const ALL_ROWS = -1
export const MAX_PAGE_BUTTONS = 10
/** Cursor mode has no count; the page text shows this instead (spec §9.4). */
export const CURSOR_TOTAL = 999

export const pageCount = (total: number, rowsPerPage: number) =>
  rowsPerPage <= 0 ? 1 : Math.max(1, Math.ceil(Math.max(0, total) / rowsPerPage))

/**
 * Pages of a total the server counted only up to a cap (`totalPrecision: 'atLeast'`, decision 0101):
 * the pages that many rows fill, and one more while the page shown is full, so the user can page on.
 */
export const cappedPageCount = (total: number, rowsPerPage: number, page: number, shown: number) =>
  Math.max(pageCount(total, rowsPerPage), rowsPerPage > 0 && shown >= rowsPerPage ? page + 1 : page)

/** "1,000": a capped total's figure, grouped (the same in en, cht and chs). */
export const groupedCount = (count: number) => count.toLocaleString('en-US')

/**
 * "{from}-{to}/{total}", with the cursor mode's 999 for an uncounted total; `totalText` replaces the
 * figure (a capped total's "1,000+").
 */
export const pageText = (page: number, rowsPerPage: number, shown: number, total: number, totalText?: string) => {
  const from = shown === 0 ? 0 : rowsPerPage <= 0 ? 1 : (page - 1) * rowsPerPage + 1
  const to = shown === 0 ? 0 : from + shown - 1
  return `${from}-${to}/${totalText ?? (total < 0 ? CURSOR_TOTAL : total)}`
}

/** At most ten page buttons, a window around the current page. */
export const pageButtons = (page: number, pages: number): number[] => {
  const count = Math.min(MAX_PAGE_BUTTONS, pages)
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), pages - count + 1)
  return Array.from({ length: count }, (_, i) => start + i)
}

/** `$limit`/`$skip` of a page; "all" asks for every row (-1, the server's no-limit). */
export const pageWindow = (page: number, rowsPerPage: number) =>
  rowsPerPage <= 0 ? { $limit: ALL_ROWS, $skip: 0 } : { $limit: rowsPerPage, $skip: (page - 1) * rowsPerPage }

/** Virtual tables (spec §9.4). */
export const VIRTUAL_ROW_HEIGHT = 41
export const VIRTUAL_RENDER_LIMIT = 1000
export const VIRTUAL_LOAD_INTERVAL_MS = 500
export const virtualPageSize = (viewHeight: number) => Math.max(3, Math.floor(viewHeight / VIRTUAL_ROW_HEIGHT))
export const virtualFetchLimit = (viewHeight: number) => Math.max(10, Math.floor(viewHeight / VIRTUAL_ROW_HEIGHT) + 3)
