import { useQuery, type UseQueryOptions } from '@tanstack/react-query'
import type { Id, Params, Query } from '@feathersjs/feathers'
import { client, type ServiceName, type ServiceTypes } from './feathers-client'
import { queryKeys, type FindKey, type GetKey } from './query-keys'
import { useRealtimeSync } from './realtime-sync'

export type FindResult<P extends ServiceName> = ServiceTypes[P] extends { find(params?: Params): Promise<infer R> } ? R : never
export type RecordOf<P extends ServiceName> = ServiceTypes[P] extends { get(id: Id, params?: Params): Promise<infer R> }
  ? R
  : never
/** Paths whose service offers `get` (health, for one, only answers `find`). */
export type GettablePath = { [P in ServiceName]: ServiceTypes[P] extends { get: unknown } ? P : never }[ServiceName]

interface ReadableService<P extends ServiceName> {
  find(params: Params): Promise<FindResult<P>>
  get(id: Id, params?: Params): Promise<RecordOf<P>>
}

// The typed map cannot be indexed by a generic path, so the two read methods are named here once.
const readable = <P extends ServiceName>(path: P) => client.service(path) as unknown as ReadableService<P>

interface LiveOption {
  /** Apply the service's realtime events to this result (default). Off for services without events. */
  live?: boolean
}

export type FindOptions<P extends ServiceName> = Omit<
  UseQueryOptions<FindResult<P>, Error, FindResult<P>, FindKey>,
  'queryKey' | 'queryFn'
> &
  LiveOption
export type GetOptions<P extends GettablePath> = Omit<
  UseQueryOptions<RecordOf<P>, Error, RecordOf<P>, GetKey>,
  'queryKey' | 'queryFn'
> &
  LiveOption

// A live result is kept current by events, so it never goes stale by age; reconnects and
// unsubscribes invalidate it instead (see realtime-sync and the app providers).
const liveDefaults = (live: boolean) => (live ? { staleTime: Infinity } : {})

export const useFind = <P extends ServiceName>(path: P, query: Query = {}, options: FindOptions<P> = {}) => {
  const { live = true, ...queryOptions } = options
  useRealtimeSync(path, live && queryOptions.enabled !== false)
  return useQuery({
    ...liveDefaults(live),
    ...queryOptions,
    queryKey: queryKeys.find(path, query),
    queryFn: () => readable(path).find({ query })
  })
}

export const useGet = <P extends GettablePath>(path: P, id: Id, options: GetOptions<P> = {}) => {
  const { live = true, ...queryOptions } = options
  useRealtimeSync(path, live && queryOptions.enabled !== false)
  return useQuery({
    ...liveDefaults(live),
    ...queryOptions,
    queryKey: queryKeys.get(path, id),
    queryFn: () => readable(path).get(id)
  })
}
