import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { openPosDb, POS_DB_NAME } from './pos-db'
import { indexedDbQueueStore } from './queue-store'
import { createOrderQueue } from './queue-core'

/** The till's database on an in-memory IndexedDB (fake-indexeddb): what Node has no IndexedDB for. */
describe('the POS database (decision 0099)', () => {
  it("keeps another part's stores and data, adds the missing ones one version up, and keeps the queue there", async () => {
    // The selling part opened the database first with its own version and store.
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open(POS_DB_NAME, 3)
      req.onupgradeneeded = () => req.result.createObjectStore('catalogue')
      req.onsuccess = () => {
        const tx = req.result.transaction('catalogue', 'readwrite')
        tx.objectStore('catalogue').put({ products: 1 }, 'snapshot')
        tx.oncomplete = () => {
          req.result.close()
          resolve()
        }
      }
      req.onerror = () => reject(req.error)
    })
    const db = await openPosDb()
    expect(db.version).toBe(4)
    expect([...db.objectStoreNames].sort()).toEqual(['catalogue', 'held', 'orders'])
    const kept = await new Promise((resolve) => {
      const r = db.transaction('catalogue').objectStore('catalogue').get('snapshot')
      r.onsuccess = () => resolve(r.result)
    })
    expect(kept).toEqual({ products: 1 })
    let online = false
    const sent: string[] = []
    const queue = createOrderQueue({
      store: indexedDbQueueStore,
      online: () => online,
      shop: () => 's',
      describe: String,
      send: async (data) => {
        sent.push(data.idempotencyKey)
        return { _id: 'x'.repeat(24), orderId: '1', total: 1, status: 'paid' } as never
      }
    })
    await queue.submit({ source: 'pos', products: [], idempotencyKey: 'key-00001' } as never)
    await queue.submit({ source: 'pos', products: [], idempotencyKey: 'key-00002' } as never)
    expect((await indexedDbQueueStore.all()).length).toBe(2)
    online = true
    await queue.flush()
    expect(sent).toEqual(['key-00001', 'key-00002'])
    expect(await indexedDbQueueStore.all()).toEqual([])
  })
})
