import type { Id, Query } from '@feathersjs/feathers'

/**
 * Every cached service result is keyed `[path, method, argument]`, so realtime events and
 * mutations can find all results of one service by the key prefix.
 */
export const queryKeys = {
  service: (path: string) => [path] as const,
  finds: (path: string) => [path, 'find'] as const,
  find: (path: string, query: Query) => [path, 'find', query] as const,
  get: (path: string, id: Id) => [path, 'get', id] as const
}

export type FindKey = ReturnType<typeof queryKeys.find>
export type GetKey = ReturnType<typeof queryKeys.get>
