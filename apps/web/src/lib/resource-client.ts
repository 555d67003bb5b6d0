import type { Id, Query } from '@feathersjs/feathers'
import type { Page } from '@emporia/shared'
import { loadClient } from './client'
import { shopQuery } from './shop'

/** A record of any list: keyed by `_id` (API) or `id` (local lists), spec §3.17. */
export type Row = Record<string, unknown> & { _id?: string; id?: string }

/** The five methods a generic table or editor calls, whatever the service. */
export interface ResourceService {
  find(params: { query: Query }): Promise<Page<Row> | Row[]>
  get(id: Id, params?: { query: Query }): Promise<Row>
  create(data: unknown, params?: { query: Query }): Promise<Row | Row[]>
  patch(id: Id | null, data: unknown, params?: { query: Query }): Promise<Row>
  remove(id: Id, params?: { query: Query }): Promise<Row>
}

// The typed client knows only the paths listed in ServiceTypes; list screens name theirs in a declaration.
export const resourceService = async (path: string): Promise<ResourceService> => {
  const { client } = await loadClient()
  return (client as unknown as { service(path: string): ResourceService }).service(path)
}

/** Every list and editor call is shop-scoped (spec §6.4): the current shop goes in the query. */
export const resourceApi = (path: string) => ({
  find: async (query: Query) => (await resourceService(path)).find({ query: shopQuery(query) }),
  get: async (id: Id, query: Query = {}) => (await resourceService(path)).get(id, { query: shopQuery(query) }),
  create: async (data: unknown, query: Query = {}) => (await resourceService(path)).create(data, { query: shopQuery(query) }),
  patch: async (id: Id, data: unknown, query: Query = {}) =>
    (await resourceService(path)).patch(id, data, { query: shopQuery(query) }),
  remove: async (id: Id, query: Query = {}) => (await resourceService(path)).remove(id, { query: shopQuery(query) })
})

export const pageOf = (result: Page<Row> | Row[]): Page<Row> =>
  Array.isArray(result) ? { total: result.length, limit: result.length, skip: 0, data: result } : result

export const rowId = (row: Row, itemKey = '_id'): string => String(row[itemKey] ?? row._id ?? row.id ?? '')
