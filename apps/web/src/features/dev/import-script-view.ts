import type { ImportRun } from '@emporia/shared'

/*
 * What the importWithScript page shows of a preview run, as pure data (decision 0171): each sheet row
 * the script made something of, with the fields it gave (new or changed) or the reasons it failed.
 */

/** The script the page starts with: a supplier's sheet (Item, Dollars, Note) into products. */
export const SAMPLE_SCRIPT = `// row: the cells by column title; rowNumber: the sheet's row number.
if (row.Note === 'skip') return null
return {
  'name.en': row.Item,
  price: row.Dollars,
  'skus.price': row.Dollars
}`

export interface ScriptRowView {
  row: number
  action: 'new' | 'modified' | 'error'
  /** The fields as `field = value` texts: a new record's values, a changed record's new ones, a failed row's cells. */
  fields: string[]
  problems: { key: string; message: string; values?: Record<string, string> }[]
}

const text = (value: unknown): string => {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The run's rows in sheet order, the first `limit` of them. */
export const scriptRows = (run: Pick<ImportRun, 'outcomes' | 'errorRows' | 'headers'>, limit = 20): ScriptRowView[] => {
  const rows: ScriptRowView[] = []
  // A progress event leaves the lists out: a run still moving may have none yet.
  for (const outcome of run.outcomes ?? []) {
    if (outcome.action !== 'new' && outcome.action !== 'modified') continue
    rows.push({
      row: Math.min(...outcome.rows),
      action: outcome.action,
      fields: (outcome.changes ?? []).map((change) => `${change.field} = ${text(change.to)}`),
      problems: []
    })
  }
  for (const failed of run.errorRows ?? [])
    rows.push({
      row: failed.row,
      action: 'error',
      fields: failed.cells.flatMap((cell, i) => (cell ? [`${run.headers[i] ?? i + 1} = ${cell}`] : [])),
      problems: failed.problems
    })
  return rows.sort((a, b) => a.row - b.row).slice(0, limit)
}
