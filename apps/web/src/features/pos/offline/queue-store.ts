import type { QueuedOrder } from '../pos-types'
import { inStore } from './pos-db'
import type { QueueStore } from './queue-core'

/** The queue in the `orders` store of `emporiaPos` (decision 0099): it outlives a reload and a closed tab. */
const indexedDbStore: QueueStore = {
  all: () => inStore<QueuedOrder[]>('orders', 'readonly', (store) => store.getAll() as IDBRequest<QueuedOrder[]>),
  put: async (entry) => void (await inStore('orders', 'readwrite', (store) => store.put(entry))),
  remove: async (clientId) => void (await inStore('orders', 'readwrite', (store) => store.delete(clientId)))
}

/** Without IndexedDB (a browser that has none) the queue still sells; what it holds lasts as long as the tab. */
const memoryStore = (): QueueStore => {
  const entries = new Map<string, QueuedOrder>()
  return {
    all: async () => [...entries.values()].map((entry) => structuredClone(entry)),
    put: async (entry) => void entries.set(entry.clientId, structuredClone(entry)),
    remove: async (clientId) => void entries.delete(clientId)
  }
}

export const indexedDbQueueStore: QueueStore = typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore
