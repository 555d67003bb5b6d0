import { useEffect } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Query } from '@feathersjs/feathers'
import { loadClient } from './client'
import type { ServiceName } from './feathers-client'
import { queryKeys } from './query-keys'
import { containsRecord, isIdentified, removeRecord, replaceRecord, type Identified } from './realtime-cache'

/** A burst of `created` events (an import, a busy till) costs one refetch per list, not one per event. */
const CREATED_SETTLE_MS = 50

interface EventSource {
  on(event: string, listener: (data: unknown) => void): unknown
  removeListener(event: string, listener: (data: unknown) => void): unknown
}

// `$populate`d results hold whole related records where the event has only their ids, so
// replacing in place would lose them: such a query is refetched instead.
const isPopulated = (query: unknown) => typeof query === 'object' && query !== null && '$populate' in (query as Query)

const findQueries = (queryClient: QueryClient, path: ServiceName) =>
  queryClient.getQueryCache().findAll({ queryKey: queryKeys.finds(path) })

const applyChanged = (queryClient: QueryClient, path: ServiceName, record: Identified) => {
  for (const query of findQueries(queryClient, path)) {
    const data = query.state.data
    if (!containsRecord(data, record._id)) continue
    if (isPopulated(query.queryKey[2])) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true })
    else queryClient.setQueryData(query.queryKey, replaceRecord(data, record))
  }
  const getKey = queryKeys.get(path, record._id)
  if (queryClient.getQueryData(getKey) !== undefined) queryClient.setQueryData(getKey, record)
}

const applyRemoved = (queryClient: QueryClient, path: ServiceName, record: Identified) => {
  for (const query of findQueries(queryClient, path)) {
    const data = query.state.data
    if (containsRecord(data, record._id)) queryClient.setQueryData(query.queryKey, removeRecord(data, record._id))
  }
  // An open detail view learns that the record is gone (NotFound) with one request of its own.
  void queryClient.invalidateQueries({ queryKey: queryKeys.get(path, record._id), exact: true })
}

interface Subscription {
  holders: number
  stop: () => void
}

const subscriptions = new WeakMap<QueryClient, Map<ServiceName, Subscription>>()

const listen = (queryClient: QueryClient, path: ServiceName): (() => void) => {
  // The client may still be loading (it is not part of the entry); listeners attach once it is there.
  let detach: (() => void) | undefined
  let stopped = false
  void loadClient().then(({ client }) => {
    if (!stopped) detach = attach(queryClient, path, client.service(path))
  })
  return () => {
    stopped = true
    detach?.()
  }
}

const attach = (queryClient: QueryClient, path: ServiceName, service: EventSource): (() => void) => {
  let createdTimer: ReturnType<typeof setTimeout> | undefined
  // Where a new record belongs (filter, sort, page) is the server's business: refetch the lists.
  const onCreated = () => {
    createdTimer ??= setTimeout(() => {
      createdTimer = undefined
      void queryClient.invalidateQueries({ queryKey: queryKeys.finds(path) })
    }, CREATED_SETTLE_MS)
  }
  const onChanged = (data: unknown) => {
    if (isIdentified(data)) applyChanged(queryClient, path, data)
  }
  const onRemoved = (data: unknown) => {
    if (isIdentified(data)) applyRemoved(queryClient, path, data)
  }
  service.on('created', onCreated)
  service.on('patched', onChanged)
  service.on('updated', onChanged)
  service.on('removed', onRemoved)
  return () => {
    service.removeListener('created', onCreated)
    service.removeListener('patched', onChanged)
    service.removeListener('updated', onChanged)
    service.removeListener('removed', onRemoved)
    clearTimeout(createdTimer)
    // Nobody hears this service's events any more, so what is cached may fall behind: the next reader refetches.
    void queryClient.invalidateQueries({ queryKey: queryKeys.service(path), refetchType: 'none' })
  }
}

/**
 * Keeps every cached `find`/`get` result of `path` current from the service's realtime events.
 * Reference-counted: however many components read a service, its events are applied once.
 */
export const subscribeToService = (queryClient: QueryClient, path: ServiceName): (() => void) => {
  let byPath = subscriptions.get(queryClient)
  if (!byPath) subscriptions.set(queryClient, (byPath = new Map()))
  let subscription = byPath.get(path)
  if (!subscription) {
    subscription = { holders: 0, stop: listen(queryClient, path) }
    byPath.set(path, subscription)
  }
  subscription.holders += 1
  const held = subscription
  let released = false
  return () => {
    if (released) return
    released = true
    held.holders -= 1
    // Stopping a tick later lets the next screen of the same service (or StrictMode's remount) take over the listeners.
    setTimeout(() => {
      if (held.holders > 0 || byPath.get(path) !== held) return
      held.stop()
      byPath.delete(path)
    }, 0)
  }
}

export const useRealtimeSync = (path: ServiceName, enabled = true) => {
  const queryClient = useQueryClient()
  useEffect(() => (enabled ? subscribeToService(queryClient, path) : undefined), [queryClient, path, enabled])
}
