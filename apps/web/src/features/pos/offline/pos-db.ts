/*
 * The till's browser database (decision 0099): one IndexedDB `emporiaPos` shared by the POS parts, with
 * the stores `orders` (the offline queue, keyed by clientId), `catalogue` and `held` (out-of-line keys, so
 * each part chooses its own). Whoever opens it first creates what is missing and never drops a store:
 * the version only ever moves up, so parts that opened it with another version keep their data.
 */

export const POS_DB_NAME = 'emporiaPos'
export const POS_STORES = {
  orders: { keyPath: 'clientId' },
  catalogue: {},
  held: {}
} as const satisfies Record<string, IDBObjectStoreParameters>
export type PosStoreName = keyof typeof POS_STORES

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })

const open = (factory: IDBFactory, version?: number) =>
  new Promise<IDBDatabase>((resolve, reject) => {
    const req = version === undefined ? factory.open(POS_DB_NAME) : factory.open(POS_DB_NAME, version)
    req.onupgradeneeded = () => {
      for (const [name, options] of Object.entries(POS_STORES))
        if (!req.result.objectStoreNames.contains(name)) req.result.createObjectStore(name, options)
    }
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
    // Another tab holds an older version open: it closes on our versionchange (below), so this resolves.
    req.onblocked = () => undefined
  })

const missingStores = (db: IDBDatabase) => Object.keys(POS_STORES).filter((name) => !db.objectStoreNames.contains(name))

let opening: Promise<IDBDatabase> | undefined

/** Opens the database with every POS store, upgrading it by one version when a store is missing. */
export const openPosDb = (factory: IDBFactory = indexedDB): Promise<IDBDatabase> =>
  (opening ??= (async () => {
    let db = await open(factory)
    if (missingStores(db).length) {
      const next = db.version + 1
      db.close()
      db = await open(factory, next)
    }
    // A newer version opened elsewhere (another part, another tab): let it upgrade, reopen on next use.
    db.onversionchange = () => {
      db.close()
      opening = undefined
    }
    return db
  })().catch((error: unknown) => {
    opening = undefined
    throw error
  }))

/** One read or write in a store of its own transaction; a write answers once it is committed. */
export const inStore = async <T>(
  name: PosStoreName,
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>
): Promise<T> => {
  const db = await openPosDb()
  const transaction = db.transaction(name, mode)
  const result = request(run(transaction.objectStore(name)))
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(transaction.error)
    transaction.onabort = () => reject(transaction.error)
  })
  return result
}
