import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { cloneValues } from '../../lib/form-values'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { queryKeys } from '../../lib/query-keys'
import { pageOf, resourceApi, type Row } from '../../lib/resource-client'
import type { BatchAction, ResourceDefinition } from './resource'

/** Delete, batch delete and duplicate of a table; each ends in a snackbar (spec §4.5, §8.2). */
export const useTableActions = (definition: ResourceDefinition, clearSelection: () => void) => {
  const { t } = useListT()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const api = resourceApi(definition.path)
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.finds(definition.path) })

  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    try {
      await action()
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
      void refresh()
    }
  }

  const remove = (ids: string[]) =>
    run(async () => {
      // One at a time: each removal is checked on its own by the server (checkRemove, shared records).
      for (const id of ids) await api.remove(id)
      clearSelection()
      notifySuccess(t('editor.deleted'))
    })

  const duplicate = (ids: string[]) =>
    run(async () => {
      // The selection may span pages: the records are read again, all in one find.
      const key = definition.itemKey ?? '_id'
      const rows = pageOf(await api.find({ [key]: { $in: ids }, $limit: ids.length })).data
      const copy = (row: Row) => {
        const values = cloneValues(row, definition.fields)
        return definition.prepareClone ? definition.prepareClone(values) : values
      }
      for (const row of rows) await api.create(copy(row))
      clearSelection()
      notifySuccess(t('table.duplicated', { count: rows.length }))
    })

  const batch = (action: BatchAction, ids: string[], option?: string) =>
    run(async () => {
      await action.run(ids, option)
      clearSelection()
      notifySuccess(t(action.done ?? 'basic.success'))
    })

  return { busy, remove, duplicate, batch, refresh }
}
