/*
 * The till's own browser database `emporiaPos` (decision 0098): the catalogue per shop, so the till opens
 * offline, and the held orders per station. Plain IndexedDB, two small promises; a browser without it
 * (private mode) just keeps nothing.
 */

const DB = 'emporiaPos'
export const STORES = ['catalogue', 'held'] as const
type Store = (typeof STORES)[number]

let opening: Promise<IDBDatabase> | undefined

const open = () =>
  (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB, 1)
    request.onupgradeneeded = () => {
      for (const store of STORES) if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store)
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => {
      opening = undefined
      reject(request.error ?? new Error('IndexedDB unavailable'))
    }
  }))

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
