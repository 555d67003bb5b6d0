import { lazy, Suspense, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material'
import Inbox from '@mui/icons-material/Inbox'
import type { LocaleId } from '@emporia/shared'
import { errorMessage } from '../../lib/errors'
import { generateItemId } from '../../lib/form-values'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { queryKeys } from '../../lib/query-keys'
import { useRealtimeSync } from '../../lib/realtime-sync'
import { resourceApi, type Row } from '../../lib/resource-client'
import { pullItem, pushItem, setItem } from '../../lib/table/nested-ops'
import { ConfirmDialog } from '../editor/confirm-dialog'
import type { EditorStore } from '../editor/editor-dialog'
import { EmptyState } from '../ui/empty-state'
import { CellValue } from './cell-value'
import type { ResourceDefinition } from './resource'
import { RowActions } from './row-actions'
import { TableToolbar } from './table-toolbar'

const EditorDialog = lazy(() => import('../editor/editor-dialog').then((m) => ({ default: m.EditorDialog })))

interface NestedTableProps {
  /** The parent's service and the columns / fields of one item. */
  definition: ResourceDefinition
  /** The array field of the parent document (spec §3.17 subpath). */
  subpath: string
  /** The parent document's id. */
  parentId: string
}

/** A table over one document's array field: add `$push`, edit `$set "subpath.$"`, delete `$pull` (spec §7.8). */
export const NestedTable = ({ definition, subpath, parentId }: NestedTableProps) => {
  const { t, language } = useListT()
  const queryClient = useQueryClient()
  const itemKey = definition.itemKey ?? '_id'
  const target = { subpath, itemKey }
  const api = resourceApi(definition.path)
  useRealtimeSync(definition.path)
  const parent = useQuery({
    queryKey: queryKeys.get(definition.path, parentId),
    queryFn: () => api.get(parentId),
    staleTime: Infinity
  })
  const items = ((parent.data?.[subpath] as Row[] | undefined) ?? []).filter(Boolean)
  const [editor, setEditor] = useState<string | undefined>()
  const [removing, setRemoving] = useState<Row | undefined>()
  const patch = async ({ data, query }: { data: unknown; query: Record<string, unknown> }) => {
    const next = await api.patch(parentId, data, query)
    queryClient.setQueryData(queryKeys.get(definition.path, parentId), next)
    return next
  }
  const store: EditorStore = {
    get: async (id) => items.find((item) => String(item[itemKey]) === id) ?? Promise.reject(new Error(t('editor.notFound'))),
    create: (data) => patch(pushItem(target, { ...data, [itemKey]: generateItemId() })),
    update: (id, data) => patch(setItem(target, id, data)),
    remove: (id) => patch(pullItem(target, id))
  }
  const remove = async (row: Row) => {
    try {
      await store.remove(String(row[itemKey]))
      notifySuccess(t('editor.deleted'))
    } catch (error) {
      notifyError(errorMessage(error))
    }
  }
  const can = {
    edit: !definition.flags?.noEdit,
    clone: !definition.flags?.noClone && !definition.flags?.noAdd,
    remove: !definition.flags?.noRemove
  }
  return (
    <Paper variant="outlined" data-testid="nested-table">
      <TableToolbar
        selected={0}
        searchActive={false}
        onAdd={definition.flags?.noAdd ? undefined : () => setEditor('new')}
        onRefresh={() => void parent.refetch()}
        onClearSelection={() => {}}
      />
      <Table size="small">
        <TableHead>
          <TableRow>
            {definition.columns.map((column) => (
              <TableCell key={column.value}>{t(column.text)}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((row) => (
            <TableRow key={String(row[itemKey])} data-testid="table-row" data-id={String(row[itemKey])}>
              {definition.columns.map((column) => (
                <TableCell key={column.value} data-testid={`cell-${column.value}`}>
                  <CellValue column={column} row={row} language={language as LocaleId} />
                </TableCell>
              ))}
              <TableCell align="right">
                <RowActions
                  row={row}
                  can={can}
                  onEdit={(r) => setEditor(String(r[itemKey]))}
                  onClone={(r) => setEditor(`clone:${String(r[itemKey])}`)}
                  onRemove={setRemoving}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!parent.isPending && items.length === 0 && <EmptyState icon={<Inbox />} text={t('basic.no_data')} testId="table-empty" />}
      <ConfirmDialog
        open={Boolean(removing)}
        text={t('editor.deleteConfirm')}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          const row = removing!
          setRemoving(undefined)
          void remove(row)
        }}
      />
      <Suspense fallback={null}>
        {editor && (
          <EditorDialog key={editor} definition={definition} editor={editor} store={store} onClose={() => setEditor(undefined)} />
        )}
      </Suspense>
    </Paper>
  )
}
