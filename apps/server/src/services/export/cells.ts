import type { ExportColumn, ExportLocale } from './export.schema'

/** One exported value, before it becomes a CSV field or an XLSX cell. */
export type Cell =
  | { type: 'empty' }
  | { type: 'text'; value: string }
  | { type: 'number'; value: number; money?: boolean }
  | { type: 'date'; value: Date }

const EMPTY: Cell = { type: 'empty' }
const LOCALES: ExportLocale[] = ['en', 'cht', 'chs']
const YES_NO: Record<ExportLocale, [string, string]> = { en: ['Yes', 'No'], cht: ['是', '否'], chs: ['是', '否'] }

// A spreadsheet evaluates a text cell that starts like a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/

/** Text that a spreadsheet would take for a formula gets a leading quote, so it stays text. */
export const neutralise = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text)

/** The value at a dotted path (`name.en`, `address.city`). */
export const valueAt = (record: Record<string, unknown>, field: string): unknown => {
  if (field in record) return record[field]
  let value: unknown = record
  for (const segment of field.split('.')) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[segment]
  }
  return value
}

const isTranslations = (value: object): value is Partial<Record<ExportLocale, unknown>> =>
  !Array.isArray(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => (LOCALES as string[]).includes(key))

/** Stored text in the export's language, else English, else the first language that has it. */
export const translate = (value: unknown, locale: ExportLocale): string => {
  if (typeof value === 'string') return value
  if (!value || typeof value !== 'object') return value === null || value === undefined ? '' : String(value)
  const texts = value as Record<string, unknown>
  for (const key of [locale, 'en', ...LOCALES]) if (typeof texts[key] === 'string' && texts[key]) return texts[key] as string
  return ''
}

/** Stored text in exactly one language (a per-language column): no fallback, so a missing translation shows as missing. */
export const textIn = (value: unknown, lang: ExportLocale): string => {
  if (typeof value === 'string') return value
  const texts = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  return typeof texts[lang] === 'string' ? (texts[lang] as string) : ''
}

const toDate = (value: unknown): Date | undefined => {
  const date =
    value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined
  return date && !Number.isNaN(date.getTime()) ? date : undefined
}

const toNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return undefined
}

export const text = (value: string): Cell => (value === '' ? EMPTY : { type: 'text', value: neutralise(value) })

/** A record's field as one cell, following the column's kind (or the value's own type when it has none). */
export const toCell = (record: Record<string, unknown>, column: ExportColumn, locale: ExportLocale): Cell => {
  const value = valueAt(record, column.field)
  if (value === undefined || value === null) return EMPTY
  // A plain string is what every language shows, so it fills every language's column.
  if (column.lang) return text(textIn(value, column.lang))
  const labels = column.enum
  if (labels) {
    // A value the client has no label for is shown as itself, by the column's kind.
    if (Array.isArray(value) && value.some((v) => String(v) in labels))
      return text(value.map((v) => labels[String(v)] ?? translate(v, locale)).join(', '))
    if (!Array.isArray(value) && Object.hasOwn(labels, String(value))) return text(labels[String(value)])
  }
  switch (column.kind) {
    case 'money': {
      // Money is stored as integer cents (decision 0003); the sheet shows the amount.
      const cents = toNumber(value)
      return cents === undefined ? text(String(value)) : { type: 'number', value: Math.round(cents) / 100, money: true }
    }
    case 'number': {
      const number = toNumber(value)
      return number === undefined ? text(String(value)) : { type: 'number', value: number }
    }
    case 'date': {
      const date = toDate(value)
      return date ? { type: 'date', value: date } : text(String(value))
    }
    case 'boolean':
      return text(YES_NO[locale][value ? 0 : 1])
    case 'translatable':
      return text(translate(value, locale))
    case 'text':
      return text(typeof value === 'object' ? plain(value, locale) : String(value))
  }
  if (typeof value === 'number') return Number.isFinite(value) ? { type: 'number', value } : EMPTY
  if (typeof value === 'boolean') return text(YES_NO[locale][value ? 0 : 1])
  if (value instanceof Date) return { type: 'date', value }
  return text(typeof value === 'object' ? plain(value, locale) : String(value))
}

// Lists read as "a, b"; translations in the export's language; anything else as JSON rather than "[object Object]".
const plain = (value: object, locale: ExportLocale): string => {
  if (Array.isArray(value))
    return value.map((item) => (item && typeof item === 'object' ? plain(item, locale) : String(item))).join(', ')
  if (value instanceof Date) return value.toISOString()
  return isTranslations(value) ? translate(value, locale) : JSON.stringify(value)
}

/** CSV field: numbers unquoted as plain decimals (money with two places), dates in ISO 8601 UTC. */
export const csvField = (cell: Cell): string | number => {
  switch (cell.type) {
    case 'empty':
      return ''
    case 'text':
      return cell.value
    case 'number':
      return cell.money ? cell.value.toFixed(2) : cell.value
    case 'date':
      return cell.value.toISOString()
  }
}

/** XLSX value: strings are written as string cells (never `<f>` formulas), numbers as numeric cells. */
export const xlsxValue = (cell: Cell): string | number | Date | null => (cell.type === 'empty' ? null : cell.value)
