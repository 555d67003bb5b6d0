import type { ExportColumn, ImportCounts, ImportErrorRow, ImportOutcome, ImportRun, ImportRunStatus } from '@emporia/shared'

/*
 * What the import screen shows of a run, as pure data: the diff's rows, the errors' rows, the summary
 * and the progress. The screen only draws these.
 */

/** The file types the import takes (spec §2.14): a CSV or an XLSX, by extension or MIME type. */
const SPREADSHEET_TYPES = new Set(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
export const isSpreadsheet = (file: { name: string; type?: string }): boolean =>
  /\.(csv|xlsx)$/i.test(file.name) || SPREADSHEET_TYPES.has(file.type ?? '')

/** The `accept` of the file input. */
export const SPREADSHEET_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** A run still moving: the screen follows it until it is not. */
export const isRunning = (status: ImportRunStatus | string): boolean => status === 'queued' || status === 'running'

/** Percent done for the progress bar; undefined while the total is unknown (an indeterminate bar). */
export const progressPercent = (run: Pick<ImportRun, 'records' | 'total'>): number | undefined =>
  run.total ? Math.min(100, Math.round((100 * run.records) / run.total)) : undefined

/** Records the import would write: nothing to do when none is new or modified (and none is removed). */
export const hasWork = (counts: ImportCounts): boolean => counts.new + counts.modified + (counts.removed ?? 0) > 0

/**
 * The column a changed field belongs to: `skus[L1].price` is the column of `skus.price`, `name.cht`
 * the `name` column of language cht.
 */
export const columnOf = (field: string, columns: readonly ExportColumn[]): ExportColumn | undefined => {
  const path = field.replace(/\[[^\]]*\]/g, '')
  const exact = columns.find((column) => column.field === path && !column.lang)
  if (exact) return exact
  const dot = path.lastIndexOf('.')
  if (dot < 0) return undefined
  const base = path.slice(0, dot)
  const lang = path.slice(dot + 1)
  return columns.find((column) => column.field === base && column.lang === lang)
}

/** The item a changed field names (`skus[L1].price` → `L1`), shown beside the record's key. */
export const itemOf = (field: string): string | undefined => /\[([^\]]*)\]/.exec(field)?.[1]

/** How a cell of the diff reads: amounts as money, choices as their labels, nothing as a dash. */
export interface CellWords {
  money: (cents: number) => string
  yes: string
  no: string
  empty: string
}

export const cellText = (value: unknown, column: ExportColumn | undefined, words: CellWords): string => {
  if (value === null || value === undefined || value === '') return words.empty
  if (column?.kind === 'money' && typeof value === 'number') return words.money(value)
  if (typeof value === 'boolean') return value ? words.yes : words.no
  if (column?.enum && typeof value === 'string' && column.enum[value]) return column.enum[value]
  if (Array.isArray(value)) return value.map((item) => cellText(item, column, words)).join(', ')
  if (typeof value === 'object') {
    // A text in several languages changed as a whole: its languages' texts.
    const texts = Object.values(value as Record<string, unknown>).filter((item) => typeof item === 'string' && item)
    return texts.length ? texts.join(' / ') : words.empty
  }
  return String(value)
}

/** One line of the diff table: a record's changed field, or a new record. */
export interface DiffRow {
  id: string
  action: 'new' | 'modified'
  /** The sheet rows the record came from (1-based, as the spreadsheet numbers them). */
  rows: number[]
  key: string
  item?: string
  header?: string
  from?: string
  to?: string
}

/** The diff of a preview: each change of each modified record, then each new record once. */
export const diffRows = (outcomes: readonly ImportOutcome[], columns: readonly ExportColumn[], words: CellWords): DiffRow[] => {
  const changed: DiffRow[] = []
  const added: DiffRow[] = []
  outcomes.forEach((outcome, index) => {
    const key = outcome.key ?? ''
    if (outcome.action === 'new') added.push({ id: `${index}`, action: 'new', rows: outcome.rows, key })
    if (outcome.action !== 'modified') return
    for (const [at, change] of (outcome.changes ?? []).entries()) {
      const column = columnOf(change.field, columns)
      changed.push({
        id: `${index}.${at}`,
        action: 'modified',
        rows: outcome.rows,
        key,
        item: itemOf(change.field),
        header: column?.header ?? change.field,
        from: cellText(change.from, column, words),
        to: cellText(change.to, column, words)
      })
    }
  })
  return [...changed, ...added]
}

/** One line of the errors table: a sheet row, the column at fault and the reason's key. */
export interface ErrorLine {
  id: string
  row: number
  column: string
  key: string
  message: string
  values: Record<string, string>
}

/** Each problem of each failed row, its column named by the sheet's own title when the server names a field. */
export const errorLines = (errorRows: readonly ImportErrorRow[], columns: readonly ExportColumn[]): ErrorLine[] =>
  errorRows.flatMap((row) =>
    row.problems.map((problem, at) => ({
      id: `${row.row}.${at}`,
      row: row.row,
      column: problem.field ? (columnOf(problem.field, columns)?.header ?? problem.field) : '',
      key: problem.key,
      message: problem.message,
      values: problem.values ?? {}
    }))
  )

/** The summary's parts in order; `removed` only when the template removes records. */
export const summaryParts = (
  counts: ImportCounts
): { key: 'new' | 'modified' | 'unchanged' | 'errors' | 'removed'; count: number }[] => [
  { key: 'new', count: counts.new },
  { key: 'modified', count: counts.modified },
  { key: 'unchanged', count: counts.unchanged },
  { key: 'errors', count: counts.errors },
  ...(counts.removed !== undefined ? [{ key: 'removed' as const, count: counts.removed }] : [])
]
