import { localeIds, type ExportColumn, type LocaleId } from '@emporia/shared'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { exportAllColumns } from '../data-table/export-all'
import type { ResourceDefinition } from '../data-table/resource'

type Translate = (key: AnyMessageKey) => string

/**
 * The list's "All fields" export columns with their titles in every language (decision 0164): the
 * server maps a sheet's titles onto them, so a file exported in any language imports back. The
 * current language comes first (its titles name the columns on the preview); a title the languages
 * share is sent once.
 */
export const importColumns = (
  definition: ResourceDefinition,
  translators: Record<LocaleId, Translate>,
  current: LocaleId
): ExportColumn[] => {
  const order = [current, ...localeIds.filter((lang) => lang !== current)]
  const seen = new Set<string>()
  return order
    .flatMap((lang) => exportAllColumns(definition, translators[lang]))
    .filter((column) => {
      const id = `${column.field}\u0000${column.lang ?? ''}\u0000${column.header}`
      if (seen.has(id)) return false
      seen.add(id)
      return true
    })
}
