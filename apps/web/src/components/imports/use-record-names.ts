import { useEffect, useState } from 'react'
import { ID_PATTERN, type LocaleId } from '@emporia/shared'
import { listTAny } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { resourceApi, rowsOf, type Row } from '../../lib/resource-client'
import type { ResourceDefinition } from '../data-table/resource'

const IS_ID = new RegExp(ID_PATTERN)
/** One find's worth of ids (the preview lists at most 500 records). */
const BATCH = 100

/**
 * The names of the records a preview changes, by the key it gives (their ids): the diff names a record
 * as the merchant knows it. A key that is not an id (a code the template keys on) stays as it is.
 */
export const useRecordNames = (definition: ResourceDefinition, keys: readonly string[], language: LocaleId) => {
  const [names, setNames] = useState<Record<string, string>>({})
  const wanted = [...new Set(keys.filter((key) => IS_ID.test(key)))].sort().join(',')
  useEffect(() => {
    if (!wanted) return
    let live = true
    const ids = wanted.split(',')
    const title = (row: Row) =>
      definition.recordTitle?.(row, language) ?? resolveText(row.name as Translatable, language, listTAny)
    void (async () => {
      const api = resourceApi(definition.path)
      const found: Record<string, string> = {}
      for (let at = 0; at < ids.length; at += BATCH) {
        const batch = ids.slice(at, at + BATCH)
        const page = await api.find({ _id: { $in: batch }, $limit: batch.length })
        for (const row of rowsOf(page)) found[String(row._id)] = title(row)
      }
      if (live) setNames(found)
    })().catch(() => undefined)
    return () => {
      live = false
    }
  }, [definition, wanted, language])
  return names
}
