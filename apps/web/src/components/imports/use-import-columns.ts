import { useMemo } from 'react'
import { localeIds, type ExportColumn, type LocaleId } from '@emporia/shared'
import { i18n } from '../../lib/i18n/i18n'
import { useListT } from '../../lib/i18n/lists'
import type { ResourceDefinition } from '../data-table/resource'
import { importColumns } from './import-columns'

/** The list's import columns (`importColumns`), titled in every language, the screen's own first. */
export const useImportColumns = (definition: ResourceDefinition): ExportColumn[] => {
  const { language } = useListT()
  return useMemo(
    () =>
      importColumns(
        definition,
        Object.fromEntries(localeIds.map((lang) => [lang, (key: string) => i18n.getFixedT(lang)(key)])) as Record<
          LocaleId,
          (key: string) => string
        >,
        language as LocaleId
      ),
    [definition, language]
  )
}
