import { deviceKeysOf, generateKeyPair, signDeviceToken, type DeviceKeys } from './device-token'

/*
 * This device's identity (spec §7.5): one ECDSA P-256 pair kept in IndexedDB (database `posKeys`, store
 * `deviceKey`, key `deviceKey`), made on the first visit. CryptoKey objects are stored as they are, so the
 * private key, made non-extractable, never exists outside the browser's key store.
 */
const DB_NAME = 'posKeys'
const STORE = 'deviceKey'
const KEY = 'deviceKey'

const openDb = () =>
  new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('posKeys cannot be opened'))
  })

/**
 * The stored pair, or `fresh` stored and answered. The read and the write are one transaction, so two
 * tabs opening the till at once end up with the same key (the second finds the first's).
 */
const keepPair = (db: IDBDatabase, fresh: CryptoKeyPair) =>
  new Promise<CryptoKeyPair>((resolve, reject) => {
    const transaction = db.transaction(STORE, 'readwrite')
    const store = transaction.objectStore(STORE)
    let kept = fresh
    const read = store.get(KEY)
    read.onsuccess = () => {
      const stored = read.result as CryptoKeyPair | undefined
      if (stored?.privateKey && stored.publicKey) kept = stored
      else store.put({ privateKey: fresh.privateKey, publicKey: fresh.publicKey }, KEY)
    }
    transaction.oncomplete = () => resolve(kept)
    transaction.onerror = () => reject(transaction.error ?? new Error('posKeys cannot be written'))
  })

const readPair = (db: IDBDatabase) =>
  new Promise<CryptoKeyPair | undefined>((resolve, reject) => {
    const read = db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY)
    read.onsuccess = () => resolve(read.result as CryptoKeyPair | undefined)
    read.onerror = () => reject(read.error ?? new Error('posKeys cannot be read'))
  })

const loadKeys = async (): Promise<DeviceKeys> => {
  const db = await openDb()
  try {
    // Most visits find the key: no pair is generated for nothing.
    const stored = await readPair(db)
    if (stored?.privateKey && stored.publicKey) return await deviceKeysOf(stored)
    return await deviceKeysOf(await keepPair(db, await generateKeyPair()))
  } finally {
    db.close()
  }
}

let keys: Promise<DeviceKeys> | undefined

/** This device's keys, loaded (or made) once per page. */
export const deviceKeys = (): Promise<DeviceKeys> => {
  keys ??= loadKeys().catch((error: unknown) => {
    // A failed load is not kept: the next call tries again.
    keys = undefined
    throw error
  })
  return keys
}

/** This device's key id: the `deviceId` a cashier is bound to. */
export const deviceKeyId = async () => (await deviceKeys()).kid

/** A fresh token for this page's host (the server checks `iss` against the host it was called on). */
export const deviceToken = async () => signDeviceToken(await deviceKeys(), location.hostname)
