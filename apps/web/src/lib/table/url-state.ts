import { DEFAULT_ROWS_PER_PAGE, ROWS_PER_PAGE_OPTIONS, ALL_ROWS } from './paging'

/** What a table keeps in the URL under its key (spec §2.12). */
export interface TableUrlState {
  page: number
  rowsPerPage: number
  sortBy: string[]
  sortDesc: boolean[]
  currentFilter?: Record<string, unknown>
  /** An open editor: a record id, or "new". */
  editor?: string
}

export const defaultTableState = (): TableUrlState => ({ page: 1, rowsPerPage: DEFAULT_ROWS_PER_PAGE, sortBy: [], sortDesc: [] })

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The key that keeps each part of the state as its own parameter (`?page=2&currentFilter={…}`) rather
 * than one JSON value: the configurable key of spec §2.12 left empty. The orders list uses it, since the
 * new-order popup links to `/orders?currentFilter={"_id":…}` (spec §2.6).
 */
export const TOP_LEVEL_STATE = ''
const STATE_PARTS = ['page', 'rowsPerPage', 'sortBy', 'sortDesc', 'currentFilter', 'editor'] as const

const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}

/** The state's raw value: the key's JSON, or the top-level parameters (each JSON, or plain text for `editor`). */
const rawState = (params: URLSearchParams, key: string): unknown => {
  if (key !== TOP_LEVEL_STATE) {
    const raw = params.get(key)
    return raw ? parseJson(raw) : undefined
  }
  const parts = STATE_PARTS.flatMap((part) => {
    const raw = params.get(part)
    if (raw === null) return []
    return [[part, part === 'editor' ? raw : parseJson(raw)] as const]
  })
  return parts.length ? Object.fromEntries(parts) : undefined
}

/** Reads the state from the URL's search string; anything malformed falls back to the default. */
export const readTableState = (search: string, key: string, defaults: Partial<TableUrlState> = {}): TableUrlState => {
  const base = { ...defaultTableState(), ...defaults }
  const parsed = rawState(new URLSearchParams(search), key)
  if (!isRecord(parsed)) return base
  const page = Number(parsed.page)
  const rowsPerPage = Number(parsed.rowsPerPage)
  const sortBy = Array.isArray(parsed.sortBy) ? parsed.sortBy.filter((s): s is string => typeof s === 'string') : base.sortBy
  const sortDesc = Array.isArray(parsed.sortDesc) ? parsed.sortDesc.map(Boolean) : base.sortDesc
  return {
    page: Number.isInteger(page) && page >= 1 ? page : base.page,
    rowsPerPage:
      (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(rowsPerPage) || rowsPerPage === ALL_ROWS
        ? rowsPerPage
        : base.rowsPerPage,
    sortBy,
    sortDesc: sortBy.map((_, i) => sortDesc[i] ?? false),
    currentFilter: isRecord(parsed.currentFilter) ? parsed.currentFilter : base.currentFilter,
    editor: typeof parsed.editor === 'string' && parsed.editor ? parsed.editor : undefined
  }
}

/** Writes the state into a search string; a state equal to the default leaves the key out. */
export const writeTableState = (search: string, key: string, state: TableUrlState): string => {
  const params = new URLSearchParams(search)
  const value: Record<string, unknown> = {}
  if (state.page !== 1) value.page = state.page
  if (state.rowsPerPage !== DEFAULT_ROWS_PER_PAGE) value.rowsPerPage = state.rowsPerPage
  if (state.sortBy.length) {
    value.sortBy = state.sortBy
    value.sortDesc = state.sortDesc
  }
  if (state.currentFilter && Object.keys(state.currentFilter).length) value.currentFilter = state.currentFilter
  if (state.editor) value.editor = state.editor
  if (key === TOP_LEVEL_STATE)
    for (const part of STATE_PARTS) {
      if (!(part in value)) params.delete(part)
      else params.set(part, part === 'editor' ? String(value[part]) : JSON.stringify(value[part]))
    }
  else if (Object.keys(value).length) params.set(key, JSON.stringify(value))
  else params.delete(key)
  const text = params.toString()
  return text ? `?${text}` : ''
}
