import type { LocaleId } from '../i18n/locales'

/** The export call both sides speak (`POST /api/export`, docs/decisions/0022-export.md). */
export type ExportFormat = 'csv' | 'xlsx'
export const exportColumnKinds = ['text', 'number', 'money', 'date', 'boolean', 'translatable'] as const
export type ExportColumnKind = (typeof exportColumnKinds)[number]

/**
 * The field holds the id (or ids) of another record: the file gets that record's `textField` (default
 * `name`, in the export's language), read through `path` as the caller, in the export's shop. With
 * `list`, the id names an item (`itemKey`, default `id`) of the `list` array of the record whose id is
 * at `from` in the same row (a product's SKU).
 */
export interface ExportRef {
  path: string
  textField?: string
  itemKey?: string
  from?: string
  list?: string
}

export interface ExportColumn {
  /** Dotted path into the record (`name`, `name.en`). */
  field: string
  /** Already translated by the client. */
  header: string
  kind?: ExportColumnKind
  /** Stored value → translated label. */
  enum?: Record<string, string>
  /** A reference: written as the referenced record's name, never its id. */
  ref?: ExportRef
  /** A translatable text in this one language only (no fallback): the name.en / name.cht / name.chs columns. */
  lang?: LocaleId
}

export interface ExportRequest {
  path: string
  query: Record<string, unknown>
  format: ExportFormat
  columns: ExportColumn[]
  locale: LocaleId
  fileName?: string
  /** Chosen by the client to recognise its own progress events. */
  exportId?: string
  /**
   * One row per item of this array field (a product's `skus`), the record's other fields repeated on
   * each; a record whose array is empty still gets one row. Columns reach the item as `{rows}.{field}`.
   */
  rows?: string
}
