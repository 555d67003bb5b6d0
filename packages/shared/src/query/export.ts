import type { LocaleId } from '../i18n/locales'

/** The export call both sides speak (`POST /api/export`, docs/decisions/0022-export.md). */
export type ExportFormat = 'csv' | 'xlsx'
export const exportColumnKinds = ['text', 'number', 'money', 'date', 'boolean', 'translatable'] as const
export type ExportColumnKind = (typeof exportColumnKinds)[number]

export interface ExportColumn {
  /** Dotted path into the record (`name`, `name.en`). */
  field: string
  /** Already translated by the client. */
  header: string
  kind?: ExportColumnKind
  /** Stored value → translated label. */
  enum?: Record<string, string>
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
}
