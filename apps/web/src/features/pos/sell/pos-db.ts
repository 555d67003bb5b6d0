import { openPosDb } from '../offline/pos-db'

/*
 * The till's own browser database `emporiaPos` (decision 0098): the catalogue per shop, so the till opens
 * offline, and the held orders per station. Plain IndexedDB, two small promises; a browser without it
 * (private mode) just keeps nothing.
 */

export const STORES = ['catalogue', 'held'] as const
type Store = (typeof STORES)[number]

// One opener for the database the POS parts share (decision 0099): it adds the stores any part needs and
// follows version changes, so the queue's `orders` store and these never block or refuse each other.
const open = () => openPosDb()

const run = async <T>(store: Store, mode: IDBTransactionMode, action: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
  const db = await open()
  return new Promise<T>((resolve, reject) => {
    const request = action(db.transaction(store, mode).objectStore(store))
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

export const dbGet = async <T>(store: Store, key: string): Promise<T | undefined> => {
  try {
    return (await run(store, 'readonly', (s) => s.get(key))) as T | undefined
  } catch {
    return undefined
  }
}

export const dbPut = async (store: Store, key: string, value: unknown): Promise<void> => {
  try {
    await run(store, 'readwrite', (s) => s.put(value, key))
  } catch {
    // Nothing kept: the till still works online.
  }
}
