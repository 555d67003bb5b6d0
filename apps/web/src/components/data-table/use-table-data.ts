import { useQueries, useQuery } from '@tanstack/react-query'
import type { Query } from '@feathersjs/feathers'
import { queryKeys } from '../../lib/query-keys'
import { useRealtimeSync } from '../../lib/realtime-sync'
import { pageOf, resourceApi, rowId, type Row } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'
import { toFeathersSort } from '../../lib/table/sort'
import { pageWindow } from '../../lib/table/paging'
import { buildSearchQuery } from '../../lib/table/search-query'
import { LOOKUP_BATCH, lookupBatches } from '../../lib/table/lookup-batches'
import type { TableUrlState } from '../../lib/table/url-state'
import type { ColumnDef, ResourceDefinition } from './resource'

/** The find query of one table page (spec §7.8): filter, window, sort then `_id`, populate, select. */
export const tableQuery = (definition: ResourceDefinition, state: TableUrlState, cursor?: string | null): Query => {
  const sortFields = Object.fromEntries(definition.columns.filter((c) => c.sortField).map((c) => [c.value, c.sortField!]))
  const query: Query = {
    ...definition.filter,
    ...buildSearchQuery(definition.search ?? [], state.currentFilter ?? {}),
    ...pageWindow(state.page, state.rowsPerPage),
    $sort: toFeathersSort(state, sortFields, definition.itemKey)
  }
  if (definition.populate) query.$populate = definition.populate
  if (definition.select) query.$select = definition.select
  if (definition.cursor) {
    delete query.$skip
    query.$cursor = cursor ?? ''
  }
  return query
}

/** One page of records, kept live by the service's realtime events (lib/realtime-sync). */
export const useTableData = (definition: ResourceDefinition, state: TableUrlState, cursor?: string | null) => {
  const shop = useCurrentShopId()
  const query = { ...tableQuery(definition, state, cursor), shop }
  useRealtimeSync(definition.path, Boolean(shop))
  return useQuery({
    queryKey: queryKeys.find(definition.path, query),
    queryFn: async () => pageOf(await resourceApi(definition.path).find(query)),
    enabled: Boolean(shop),
    staleTime: Infinity,
    placeholderData: (previous) => previous
  })
}

const lookupQuery = (column: ColumnDef, rows: readonly Row[], shop: string | undefined) => {
  const lookup = column.lookup!
  const ids = rows.map((row) => row[column.value]).filter((id): id is string => typeof id === 'string')
  const batches = lookupBatches(ids)
  const key = lookup.itemKey ?? '_id'
  const text = lookup.textField ?? 'name'
  return {
    queryKey: [lookup.path, 'find', { lookup: batches, shop }],
    enabled: Boolean(shop && batches.length),
    staleTime: 60_000,
    queryFn: async () => {
      const api = resourceApi(lookup.path)
      const pages = await Promise.all(
        batches.map((batch) => api.find({ [key]: { $in: batch }, $limit: LOOKUP_BATCH, $select: [text, key] }))
      )
      const byId = new Map<string, Row>()
      for (const page of pages) for (const row of pageOf(page).data) byId.set(rowId(row, key), row)
      return byId
    }
  }
}

/** Lookup columns' records by id, per column: one find per 100 ids, selecting only what is shown. */
export const useLookups = (columns: readonly ColumnDef[], rows: readonly Row[]): Record<string, Map<string, Row> | undefined> => {
  const shop = useCurrentShopId()
  const lookupColumns = columns.filter((column) => column.lookup)
  const results = useQueries({ queries: lookupColumns.map((column) => lookupQuery(column, rows, shop)) })
  return Object.fromEntries(lookupColumns.map((column, i) => [column.value, results[i].data]))
}
