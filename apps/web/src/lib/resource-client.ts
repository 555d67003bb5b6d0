import type { Id, Query } from '@feathersjs/feathers'
import type { ListServicePath, Page, ServiceData, ServicePatch, ServicePath, ServiceRecord, ServiceTypes } from '@emporia/shared'
import { loadClient } from './client'
import { rowsOf } from './page-of'
import { shopQuery } from './shop'

// The page helpers live in a leaf module (lib/shop.ts uses them, and this module uses lib/shop.ts).
export { pageOf, rowsOf } from './page-of'

/** A record of any list: keyed by `_id` (API) or `id` (local lists), spec §3.17. */
export type Row = Record<string, unknown> & { _id?: string; id?: string }

/** A service's events, which tables and the shell follow to stay current (spec §6.5). */
export interface ServiceEvents {
  on(event: string, listener: (data: Row) => void): unknown
  removeListener(event: string, listener: (data: Row) => void): unknown
}

/** The five methods a generic table or editor calls, whatever the service, and its events. */
export interface ResourceService extends ServiceEvents {
  find(params: { query: Query }): Promise<Page<Row> | Row[]>
  get(id: Id, params?: { query: Query }): Promise<Row>
  create(data: unknown, params?: { query: Query }): Promise<Row | Row[]>
  patch(id: Id | null, data: unknown, params?: { query: Query }): Promise<Row>
  remove(id: Id, params?: { query: Query }): Promise<Row>
}

/** The typed service of one path, with its events; a generic table takes it as a `ResourceService`. */
export const typedService = async <P extends ServicePath>(path: P): Promise<ServiceTypes[P] & ServiceEvents> =>
  (await loadClient()).client.service(path)

export const resourceService = async (path: ListServicePath): Promise<ResourceService> => typedService(path)

/** Every list and editor call is shop-scoped (spec §6.4): the current shop goes in the query. */
export const resourceApi = (path: ListServicePath) => ({
  find: async (query: Query) => (await resourceService(path)).find({ query: shopQuery(query) }),
  get: async (id: Id, query: Query = {}) => (await resourceService(path)).get(id, { query: shopQuery(query) }),
  create: async (data: unknown, query: Query = {}) => (await resourceService(path)).create(data, { query: shopQuery(query) }),
  patch: async (id: Id, data: unknown, query: Query = {}) =>
    (await resourceService(path)).patch(id, data, { query: shopQuery(query) }),
  remove: async (id: Id, query: Query = {}) => (await resourceService(path)).remove(id, { query: shopQuery(query) })
})

/** The same shop-scoped calls over one known path, answering the records of the shared service map. */
export const shopApi = <P extends ServicePath>(path: P) => ({
  find: async (query: Query = {}) => (await typedService(path)).find({ query: shopQuery(query) }),
  get: async (id: Id, query: Query = {}) => (await typedService(path)).get(id, { query: shopQuery(query) }),
  create: async (data: ServiceData<P>, query: Query = {}) => (await typedService(path)).create(data, { query: shopQuery(query) }),
  patch: async (id: Id | null, data: ServicePatch<P>, query: Query = {}) =>
    (await typedService(path)).patch(id, data, { query: shopQuery(query) })
})

/** `find` on one known path, shop-scoped, answering its records as the service map types them. */
export const shopRows = async <P extends ListServicePath>(path: P, query: Query = {}): Promise<ServiceRecord<P>[]> =>
  rowsOf(await shopApi(path).find(query))

export const rowId = (row: Row, itemKey = '_id'): string => String(row[itemKey] ?? row._id ?? row.id ?? '')
