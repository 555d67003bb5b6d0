import { createReadStream } from 'node:fs'
import { BadRequest } from '@feathersjs/errors'
import ExcelJS from 'exceljs'
import type { RowProblem } from './values'

/** One row of the sheet: its 1-based number and its cells as text (an empty cell is ''). */
export interface SheetRow {
  row: number
  cells: string[]
  /** A row its source already refused (a template's script, decision 0171): it is that row's error. */
  problems?: RowProblem[]
}

export type SheetFormat = 'csv' | 'xlsx'

/** More columns than any list has: a file with more is refused, not read (a 1,000,000-column sheet). */
export const MAX_COLUMNS = 500

const refuse = (key: string, message: string) => new BadRequest(message, { key, field: 'file' })

/** XLSX is a zip (`PK\x03\x04`); anything else with a NUL byte in its head is not a CSV either. */
export const sheetFormat = (head: Buffer, name: string): SheetFormat => {
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx'
  if (head.includes(0) || /\.xlsx?$/i.test(name))
    throw refuse('import.notSpreadsheet', 'The file is not a CSV or XLSX spreadsheet')
  return 'csv'
}

/**
 * A formula is never evaluated and never written back as one (CSV injection, decision 0165): an XLSX
 * formula cell is read as its text; our export's leading quote before `=`, `+`, `-`, `@` is taken off.
 */
const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') {
    if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part) => part.text).join('')
    if ('text' in value && typeof value.text === 'string') return value.text
    if ('error' in value) return ''
    return ''
  }
  return String(value)
}

export const unquote = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text)

async function* csvRows(file: string): AsyncGenerator<SheetRow> {
  // RFC 4180: quoted fields may hold separators, quotes ("") and line breaks; read chunk by chunk.
  let cells: string[] = []
  let field = ''
  let quoted = false
  let afterQuote = false
  let row = 1
  let first = true
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 })
  for await (const chunk of stream as AsyncIterable<string>) {
    let text = chunk
    if (first) {
      text = text.replace(/^\uFEFF/, '')
      first = false
    }
    for (let i = 0; i < text.length; i++) {
      const c = text[i]
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i++
          } else {
            quoted = false
            afterQuote = true
          }
        } else field += c
        continue
      }
      if (c === '"' && field === '' && !afterQuote) quoted = true
      else if (c === ',') {
        cells.push(field)
        field = ''
        afterQuote = false
        if (cells.length > MAX_COLUMNS) throw refuse('import.tooManyColumns', `A row has more than ${MAX_COLUMNS} columns`)
      } else if (c === '\n' || c === '\r') {
        if (c === '\r' && text[i + 1] === '\n') i++
        cells.push(field)
        yield { row, cells: cells.map(unquote) }
        row++
        cells = []
        field = ''
        afterQuote = false
      } else field += c
    }
  }
  if (field !== '' || cells.length) {
    cells.push(field)
    yield { row, cells: cells.map(unquote) }
  }
}

async function* xlsxRows(file: string, sheetName?: string | null): AsyncGenerator<SheetRow> {
  // The streaming reader: rows as they are unzipped, shared strings kept, no whole workbook in memory.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit'
  })
  let found = false
  for await (const sheet of reader) {
    // A sheet's name is known only when the workbook part came before it (Excel writes it first; a streamed
    // writer in whatever order its parts finish). Until then exceljs names it `Sheet<n>`, which is not a
    // name to refuse it by: a name counts only when the workbook lists it.
    const listed = (reader as unknown as { model?: { sheets?: { name?: string }[] } }).model?.sheets ?? []
    const name = (sheet as unknown as { name?: string }).name
    const known = Boolean(name && listed.some((one) => one.name === name))
    if (found || (sheetName && known && name !== sheetName)) continue
    found = true
    for await (const row of sheet) {
      const values = row.values as ExcelJS.CellValue[]
      if (values.length - 1 > MAX_COLUMNS) throw refuse('import.tooManyColumns', `A row has more than ${MAX_COLUMNS} columns`)
      const cells: string[] = []
      for (let i = 1; i < values.length; i++) cells.push(unquote(cellText(values[i])))
      yield { row: row.number, cells }
    }
  }
  if (!found) throw refuse('import.noSheet', sheetName ? `The file has no sheet "${sheetName}"` : 'The file has no sheet')
}

/** The sheet's rows in order, read as a stream (the file is never whole in memory). */
export const readRows = (file: string, format: SheetFormat, sheetName?: string | null): AsyncGenerator<SheetRow> =>
  format === 'csv' ? csvRows(file) : xlsxRows(file, sheetName)
