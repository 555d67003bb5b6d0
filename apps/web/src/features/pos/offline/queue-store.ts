import type { QueuedOrder } from '../pos-types'
import { inStore } from './pos-db'
import type { QueueStore } from './queue-core'

/** The queue in the `orders` store of `emporiaPos` (decision 0099): it outlives a reload and a closed tab. */
export const indexedDbQueueStore: QueueStore = {
  all: () => inStore<QueuedOrder[]>('orders', 'readonly', (store) => store.getAll() as IDBRequest<QueuedOrder[]>),
  put: async (entry) => void (await inStore('orders', 'readwrite', (store) => store.put(entry))),
  remove: async (clientId) => void (await inStore('orders', 'readwrite', (store) => store.delete(clientId)))
}
