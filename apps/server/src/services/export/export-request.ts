import { BadRequest } from '@feathersjs/errors'
import {
  exportColumnKinds,
  type ExportColumn,
  type ExportColumnKind,
  type ExportFormat,
  type ExportRequest,
  type LocaleId
} from '@emporia/shared'

export type { ExportColumn, ExportFormat, ExportRequest } from '@emporia/shared'
export type ExportLocale = LocaleId
export type ColumnKind = ExportColumnKind

/** Characters a file system or the header itself would choke on. */
const UNSAFE = '\\/:*?"<>|'
const KINDS: readonly ColumnKind[] = exportColumnKinds
const MAX_COLUMNS = 200

const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value)

const fail = (field: string, message: string): never => {
  throw new BadRequest(message, { field })
}

const shortText = (value: unknown, field: string, max: number, optional = false): string | undefined => {
  if (value === undefined && optional) return undefined
  if (typeof value !== 'string' || value.length > max || (!optional && value === '')) fail(field, `"${field}" must be a text`)
  return value as string
}

const column = (value: unknown, i: number): ExportColumn => {
  if (!isObject(value)) return fail(`columns.${i}`, 'A column must be {field, header}')
  const kind = value.kind
  if (kind !== undefined && !KINDS.includes(kind as ColumnKind))
    fail(`columns.${i}.kind`, `Unknown column kind "${String(kind)}"`)
  const labels = value.enum
  if (labels !== undefined && (!isObject(labels) || !Object.values(labels).every((l) => typeof l === 'string')))
    fail(`columns.${i}.enum`, 'A column enum maps values to labels')
  return {
    field: shortText(value.field, `columns.${i}.field`, 200) as string,
    header: shortText(value.header ?? '', `columns.${i}.header`, 500, true) ?? '',
    kind: kind as ColumnKind | undefined,
    enum: labels as Record<string, string> | undefined
  }
}

/** The request body, checked field by field: a bad one is a 400 naming it. */
export const parseExportRequest = (body: unknown): ExportRequest => {
  if (!isObject(body)) return fail('body', 'The export request must be a JSON object')
  const query = body.query ?? {}
  if (!isObject(query)) fail('query', '"query" must be an object')
  if (body.format !== 'csv' && body.format !== 'xlsx') fail('format', '"format" must be csv or xlsx')
  if (body.locale !== 'en' && body.locale !== 'cht' && body.locale !== 'chs') fail('locale', '"locale" must be en, cht or chs')
  const columns = body.columns
  if (!Array.isArray(columns) || !columns.length || columns.length > MAX_COLUMNS)
    fail('columns', `"columns" must list 1 to ${MAX_COLUMNS} columns`)
  return {
    path: shortText(body.path, 'path', 200) as string,
    query: query as Record<string, unknown>,
    format: body.format as ExportFormat,
    columns: (columns as unknown[]).map(column),
    locale: body.locale as ExportLocale,
    fileName: shortText(body.fileName, 'fileName', 200, true),
    exportId: shortText(body.exportId, 'exportId', 100, true)
  }
}

/** RFC 6266 / 5987 `filename*`: the name percent-encoded as UTF-8, with the format's extension. */
export const contentDisposition = (request: ExportRequest) => {
  const fallback = `${request.path.replace(/\W+/g, '-')}-${new Date().toISOString().slice(0, 10)}`
  // Path separators and control characters have no place in a downloaded file's name.
  const base =
    [...(request.fileName ?? fallback)]
      .map((c) => (c < ' ' || c === '\u007f' || UNSAFE.includes(c) ? '_' : c))
      .join('')
      .trim() || fallback
  const extension = `.${request.format}`
  const name = base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename*=UTF-8''${encoded}`
}
