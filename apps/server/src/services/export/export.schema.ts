import { BadRequest } from '@feathersjs/errors'
import {
  exportColumnKinds,
  isLocaleId,
  type ExportColumn,
  type ExportRef,
  type ExportColumnKind,
  type ExportFormat,
  type ExportRequest,
  type LocaleId
} from '@emporia/shared'

export type { ExportColumn, ExportFormat, ExportRef, ExportRequest } from '@emporia/shared'
export type ExportLocale = LocaleId
export type ColumnKind = ExportColumnKind

/** Characters a file system or the header itself would choke on. */
const UNSAFE = '\\/:*?"<>|'
const KINDS: readonly ColumnKind[] = exportColumnKinds
const MAX_COLUMNS = 200
/** A field name (`skus`, `name`), and a dotted path of them (`products.product`). */
const NAME = /^[A-Za-z_$][\w$]{0,63}$/
const PATH = /^[A-Za-z_$][\w$]{0,63}(\.[A-Za-z_$][\w$]{0,63}){0,4}$/

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

const matching = (value: unknown, field: string, pattern: RegExp): string | undefined => {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !pattern.test(value)) fail(field, `"${field}" must be a field name`)
  return value as string
}

const reference = (value: unknown, field: string): ExportRef | undefined => {
  if (value === undefined) return undefined
  if (!isObject(value)) return fail(field, 'A reference names the list it points to: {path, textField?}')
  const ref: ExportRef = { path: shortText(value.path, `${field}.path`, 200) as string }
  for (const key of ['textField', 'itemKey', 'list'] as const) {
    const name = matching(value[key], `${field}.${key}`, NAME)
    if (name) ref[key] = name
  }
  const from = matching(value.from, `${field}.from`, PATH)
  if (from) ref.from = from
  // An item of another record's list needs both: which record (from) and which list.
  if (Boolean(ref.list) !== Boolean(ref.from)) fail(field, 'A list reference needs both "from" and "list"')
  return ref
}

const column = (value: unknown, i: number): ExportColumn => {
  if (!isObject(value)) return fail(`columns.${i}`, 'A column must be {field, header}')
  const kind = value.kind
  if (kind !== undefined && !KINDS.includes(kind as ColumnKind))
    fail(`columns.${i}.kind`, `Unknown column kind "${String(kind)}"`)
  const labels = value.enum
  if (labels !== undefined && (!isObject(labels) || !Object.values(labels).every((l) => typeof l === 'string')))
    fail(`columns.${i}.enum`, 'A column enum maps values to labels')
  if (value.lang !== undefined && !isLocaleId(value.lang)) fail(`columns.${i}.lang`, '"lang" must be en, cht or chs')
  return {
    field: shortText(value.field, `columns.${i}.field`, 200) as string,
    header: shortText(value.header ?? '', `columns.${i}.header`, 500, true) ?? '',
    kind: kind as ColumnKind | undefined,
    enum: labels as Record<string, string> | undefined,
    ref: reference(value.ref, `columns.${i}.ref`),
    lang: value.lang as ExportLocale | undefined
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
    exportId: shortText(body.exportId, 'exportId', 100, true),
    rows: matching(body.rows, 'rows', NAME)
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
