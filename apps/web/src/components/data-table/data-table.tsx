import { lazy, Suspense, useRef, useState } from 'react'
import {
  Box,
  Checkbox,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  useMediaQuery,
  useTheme
} from '@mui/material'
import type { LocaleId } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { rowId, type Row } from '../../lib/resource-client'
import { useWritesAllowed } from '../../lib/paid-writes'
import { useCurrentShopId } from '../../lib/shop'
import { selectionState, toggleOne, toggleSelectAll } from '../../lib/table/selection'
import { cycleSort, multiSort } from '../../lib/table/sort'
import type { SearchValues } from '../../lib/table/search-query'
import { useAppNavigate } from '../ui/app-link'
import { ConfirmDialog } from '../editor/confirm-dialog'
import type { BatchAction, ResourceDefinition } from './resource'
import { SortHeader } from './sort-header'
import { DataTableRow } from './table-row'
import { RecordCard } from './table-cards'
import { TablePagination } from './table-pagination'
import { TableEmpty } from './table-empty'
import { TableToolbar } from './table-toolbar'
import { SearchDialog } from './search-dialog'
import { useTableActions } from './use-table-actions'
import { tableQuery, useLookups, useTableData } from './use-table-data'
import { useTableState } from './use-table-state'
import { useColumnFit } from './use-column-fit'
import { isImportTarget, useImportOpen } from '../imports/use-import-open'
import { useDelayedLoading } from '../../lib/loading-delay'

// Dialogs load when first opened: a list page shows its rows before the editor's and export's code.
const EditorDialog = lazy(() => import('../editor/editor-dialog').then((m) => ({ default: m.EditorDialog })))
const ExportDialog = lazy(() => import('./export-dialog').then((m) => ({ default: m.ExportDialog })))
const ImportDialog = lazy(() => import('../imports/import-dialog').then((m) => ({ default: m.ImportDialog })))

/** The generic list of spec §2.12 for one resource declaration: no screen writes its own table code. */
interface DataTableProps {
  definition: ResourceDefinition
  title?: string
  /** An editor opened by the route (`…/edit/{id}`, `…/edit?clone={id}`) rather than by the table state. */
  routeEditor?: { editor: string; onClose: () => void }
}

export const DataTable = ({ definition, title, routeEditor }: DataTableProps) => {
  const { t, language } = useListT()
  const theme = useTheme()
  const small = useMediaQuery(theme.breakpoints.down('sm'))
  const shop = useCurrentShopId()
  const navigate = useAppNavigate()
  const { state, update } = useTableState(definition.urlKey, definition.defaultSort)
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const cursor = definition.cursor ? cursors[cursors.length - 1] : undefined
  const result = useTableData(definition, state, cursor)
  const rows = result.data?.data ?? []
  const total = result.data?.total ?? 0
  const lookups = useLookups(definition.columns, rows)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [dialog, setDialog] = useState<'search' | 'export' | 'batchDelete' | 'create' | undefined>()
  const [removing, setRemoving] = useState<Row | undefined>()
  const [batchDialog, setBatchDialog] = useState<{ action: BatchAction; ids: string[] } | undefined>()
  const actions = useTableActions(definition, () => setSelected(new Set()))
  // A paid feature that is off (a lapsed plan) leaves the list readable, without add, duplicate or delete.
  const writable = useWritesAllowed(definition.path)
  const flags = writable ? (definition.flags ?? {}) : { ...definition.flags, noAdd: true, noClone: true, noRemove: true }
  const itemKey = definition.itemKey ?? '_id'
  // A list an import can write offers it to whoever may add to it (decision 0170).
  const importTarget = isImportTarget(definition.path) && !flags.noAdd ? definition.path : undefined
  const imports = useImportOpen(Boolean(importTarget))
  const pageIds = rows.map((row) => rowId(row, itemKey))
  const selection = selectionState(selected, pageIds, total)
  const filter = state.currentFilter ?? {}
  const searching = Object.values(filter).some((value) => value !== '' && value !== undefined)
  const quickField = definition.search?.find((field) => field.type.startsWith('reg') || field.type === 'raw')

  // Spec §4.10: a new search or sort starts again at page 1.
  const applySearch = (values: SearchValues) => {
    setCursors([null])
    update({ currentFilter: values, page: 1 })
    setDialog(undefined)
  }
  const permissions = (row: Row) => ({
    edit: !flags.noEdit && (definition.checkWrite?.(row, shop) ?? true),
    clone: !flags.noClone && !flags.noAdd,
    remove: !flags.noRemove && (definition.checkRemove?.(row, shop) ?? true)
  })
  const openEditor = (row: Row) => update({ editor: rowId(row, itemKey) }, { push: true })
  const cloneRow = (row: Row) => update({ editor: `clone:${rowId(row, itemKey)}` }, { push: true })
  const add = () =>
    definition.addRoute
      ? navigate(definition.addRoute)
      : definition.createDialog
        ? setDialog('create')
        : update({ editor: 'new' }, { push: true })
  const CreateDialog = definition.createDialog
  const rowProps = (row: Row) => {
    const id = rowId(row, itemKey)
    return {
      row,
      id,
      columns: definition.columns,
      language: language as LocaleId,
      lookups,
      selected: selected.has(id),
      selecting: selected.size > 0,
      can: permissions(row),
      onToggle: (key: string) => setSelected((current) => toggleOne(current, key)),
      onEdit: openEditor,
      onClone: cloneRow,
      onRemove: setRemoving,
      onOpen: definition.open ? (record: Row) => navigate(definition.open!(record)) : undefined
    }
  }
  const empty = !result.isPending && rows.length === 0
  // The bar shows once a fetch lasts 200 ms, then for 200 ms at least (spec §9.3): no flicker.
  const progress = useDelayedLoading(result.isFetching || actions.busy)
  const tableRef = useRef<HTMLTableElement>(null)
  useColumnFit(tableRef, [small])

  return (
    <Paper
      variant="outlined"
      data-testid="data-table"
      data-path={definition.path}
      data-selection={selection}
      data-loading={result.isFetching ? 'true' : 'false'}
    >
      <TableToolbar
        title={title}
        selected={selected.size}
        quickSearch={
          !small && quickField
            ? {
                value: String(filter[quickField.field] ?? ''),
                onSearch: (text) => applySearch({ ...filter, [quickField.field]: text })
              }
            : undefined
        }
        onSearchDialog={
          definition.search?.length && (small || definition.search.length > 1) ? () => setDialog('search') : undefined
        }
        searchActive={searching}
        onRefresh={flags.static ? undefined : () => void result.refetch()}
        onAdd={flags.noAdd ? undefined : add}
        onExport={flags.noExport ? undefined : () => setDialog('export')}
        onImport={importTarget ? () => imports.setOpen(true) : undefined}
        onBatchDelete={flags.noRemove ? undefined : () => setDialog('batchDelete')}
        onDuplicate={flags.noAdd || flags.noClone ? undefined : () => void actions.duplicate([...selected])}
        batchActions={definition.batchActions?.map((action) => ({
          key: action.key,
          label: t(action.label),
          options: action.options && Object.entries(action.options).map(([value, key]) => ({ value, label: t(key) })),
          onRun: (option?: string) =>
            action.dialog ? setBatchDialog({ action, ids: [...selected] }) : void actions.batch(action, [...selected], option)
        }))}
        links={definition.links?.map((link) => ({
          key: link.key,
          label: t(link.label),
          onClick: () => navigate(link.route),
          menu: link.menu?.map((item) => ({ key: item.key, label: t(item.label), onClick: () => navigate(item.route) }))
        }))}
        onClearSelection={() => setSelected(new Set())}
      />
      <Box sx={{ height: 4 }}>{progress && <LinearProgress data-testid="table-progress" />}</Box>
      {small ? (
        <Stack spacing={1} sx={{ p: 1 }} data-testid="table-cards">
          {rows.map((row) => (
            <RecordCard key={rowId(row, itemKey)} {...rowProps(row)} />
          ))}
        </Stack>
      ) : (
        <TableContainer>
          {/* 8 px between columns rather than MUI's 32: eleven columns of padding would take a third of a laptop's table. */}
          <Table size="small" ref={tableRef} sx={{ '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" data-fit="fixed">
                  <Checkbox
                    size="small"
                    checked={selection === 'all' || selection === 'pageAll'}
                    indeterminate={selection === 'pageSome'}
                    onChange={() => setSelected((current) => toggleSelectAll(current, pageIds, total))}
                    slotProps={{ input: { 'aria-label': t('table.selectAll'), ...{ 'data-testid': 'table-select-all' } } }}
                  />
                </TableCell>
                {definition.columns.map((column) => (
                  <SortHeader
                    key={column.value}
                    column={column}
                    sort={state}
                    onCycle={(field) => {
                      setCursors([null])
                      update({ ...cycleSort(state, field), page: 1 })
                    }}
                    onMulti={(field) => {
                      setCursors([null])
                      update({ ...multiSort(state, field), page: 1 })
                    }}
                  />
                ))}
                <TableCell data-testid="column-actions" data-fit="actions" sx={{ width: '1px' }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <DataTableRow key={rowId(row, itemKey)} {...rowProps(row)} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {batchDialog?.action.dialog && (
        <batchDialog.action.dialog ids={batchDialog.ids} onClose={() => setBatchDialog(undefined)} />
      )}
      {empty && (
        <TableEmpty
          definition={definition}
          searching={searching}
          onAdd={flags.noAdd ? undefined : add}
          onClearSearch={() => applySearch({})}
        />
      )}
      <TablePagination
        page={definition.cursor ? cursors.length : state.page}
        rowsPerPage={state.rowsPerPage}
        total={total}
        atLeast={result.data?.totalPrecision === 'atLeast'}
        shown={rows.length}
        onPage={(page) => update({ page })}
        onRowsPerPage={(rowsPerPage) => {
          setCursors([null])
          update({ rowsPerPage, page: 1 })
        }}
        cursor={
          definition.cursor
            ? {
                hasPrevious: cursors.length > 1,
                hasNext: Boolean(result.data?.cursors?.next),
                onPrevious: () => setCursors((list) => list.slice(0, -1)),
                onNext: () => setCursors((list) => [...list, result.data?.cursors?.next ?? null])
              }
            : undefined
        }
      />
      {dialog === 'search' && definition.search && (
        <SearchDialog
          open
          fields={definition.search}
          initial={filter}
          onApply={applySearch}
          onClose={() => setDialog(undefined)}
        />
      )}
      <ConfirmDialog
        open={dialog === 'batchDelete'}
        title={t('table.batchDeleteTitle')}
        text={t('table.batchDeleteConfirm', { count: selected.size })}
        busy={actions.busy}
        testId="batch-delete-dialog"
        onClose={() => setDialog(undefined)}
        onConfirm={() => {
          setDialog(undefined)
          void actions.remove([...selected])
        }}
      />
      <ConfirmDialog
        open={Boolean(removing)}
        text={t('editor.deleteConfirm')}
        busy={actions.busy}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          const row = removing!
          setRemoving(undefined)
          void actions.remove([rowId(row, itemKey)])
        }}
      />
      <Suspense fallback={null}>
        {dialog === 'create' && CreateDialog && <CreateDialog onClose={() => setDialog(undefined)} />}
        {dialog === 'export' && (
          <ExportDialog
            open
            definition={definition}
            query={tableQuery(definition, state)}
            fileName={title ?? t(definition.name)}
            onClose={() => setDialog(undefined)}
          />
        )}
        {importTarget && imports.open && (
          <ImportDialog
            definition={definition}
            target={importTarget}
            listName={title ?? t(definition.name)}
            onClose={() => {
              imports.setOpen(false)
              void result.refetch()
            }}
          />
        )}
        {routeEditor ? (
          <EditorDialog
            key={routeEditor.editor}
            definition={definition}
            editor={routeEditor.editor}
            onClose={routeEditor.onClose}
          />
        ) : (
          state.editor && (
            <EditorDialog
              key={state.editor}
              definition={definition}
              editor={state.editor}
              onClose={() => update({ editor: undefined })}
            />
          )
        )}
      </Suspense>
    </Paper>
  )
}
