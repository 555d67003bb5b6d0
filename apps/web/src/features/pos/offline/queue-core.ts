import type { Order, OrderData, OrderPaymentInput } from '@emporia/shared'
import type { OrderQueue, QueuedOrder } from '../pos-types'

/*
 * The offline order queue's rules (decision 0099), apart from IndexedDB and the socket so they are
 * tested in Node: store first, send oldest first one at a time, keep what the network lost, keep and
 * show what the server refused.
 */

/** Where queued orders live (IndexedDB in the browser). */
export interface QueueStore {
  all(): Promise<QueuedOrder[]>
  put(entry: QueuedOrder): Promise<void>
  remove(clientId: string): Promise<void>
}

export type QueuedData = OrderData & { idempotencyKey: string }
export type SentOrder = Pick<Order, '_id' | 'orderId' | 'total' | 'status'>

export interface QueueDeps {
  store: QueueStore
  /** orders.create in the shop the order was taken in. */
  send: (data: QueuedData, shop: string | undefined) => Promise<SentOrder>
  /** Whether sending is worth trying now (the device is online and the socket connected). */
  online: () => boolean
  /** The current shop, kept with each order so a replay goes to the shop that sold it. */
  shop: () => string | undefined
  /** The message shown for a refusal, in the current language. */
  describe: (error: unknown) => string
  now?: () => Date
}

export interface FullOrderQueue extends OrderQueue {
  /** A failed order back to pending, then a flush (the cashier fixed what was refused, or wants another try). */
  retry(clientId: string): Promise<void>
  /** Drops an order the server refused; the screen asks for confirmation first. */
  discard(clientId: string): Promise<void>
}

/** Methods a till can take with no network (spec §9.8): cash and the shop's custom methods, not cards. */
const OFFLINE_METHODS = new Set(['cash', 'pos'])
export const canSellOffline = (payments: readonly Pick<OrderPaymentInput, 'method'>[] | undefined) =>
  (payments ?? []).every((payment) => OFFLINE_METHODS.has(payment.method))

/**
 * A refusal is the server's answer about the order (a 4xx): sending it again would be refused again.
 * A timeout (408), throttling (429) and a lost session (401) are about the moment, not the order, and
 * anything without a status (the network, the socket) or a 5xx is a server that may answer later.
 */
export const isRefusal = (error: unknown) => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  return typeof code === 'number' && code >= 400 && code < 500 && ![401, 408, 429].includes(code)
}

const errorKey = (error: unknown) => {
  const data = typeof error === 'object' && error !== null ? (error as { data?: { key?: unknown } }).data : undefined
  return typeof data?.key === 'string' ? data.key : undefined
}

const byAge = (a: QueuedOrder, b: QueuedOrder) => a.createdAt.localeCompare(b.createdAt) || a.clientId.localeCompare(b.clientId)

export const createOrderQueue = (deps: QueueDeps): FullOrderQueue => {
  const listeners = new Set<(orders: QueuedOrder[]) => void>()
  let running: Promise<void> | undefined
  let again = false
  // An order left "sending" by a closed tab was maybe received: it goes again, the idempotencyKey makes it safe.
  let recovered = false
  // What the server answered for orders sent during a submit, for that submit to return.
  const sentOrders = new Map<string, SentOrder>()
  const awaiting = new Set<string>()
  const refusedNow = new Map<string, QueuedOrder>()

  const list = async () => {
    const all = await deps.store.all()
    if (!recovered) {
      recovered = true
      for (const entry of all.filter((one) => one.state === 'sending')) {
        entry.state = 'pending'
        await deps.store.put(entry)
      }
    }
    return all.filter((entry) => entry.state !== 'sent').sort(byAge)
  }

  const notify = async () => {
    if (!listeners.size) return
    const orders = await list()
    for (const listener of listeners) listener(orders)
  }

  const save = async (entry: QueuedOrder) => {
    await deps.store.put(entry)
    await notify()
  }

  /** Sends one entry; false when the connection failed (stop: the rest would fail too). */
  const sendOne = async (entry: QueuedOrder): Promise<boolean> => {
    await save({ ...entry, state: 'sending' })
    try {
      const order = await deps.send(entry.data, entry.shop)
      // Sent orders leave the queue: the server has them, and the orders list shows them from now on.
      await deps.store.remove(entry.clientId)
      if (awaiting.has(entry.clientId)) sentOrders.set(entry.clientId, order)
      await notify()
      return true
    } catch (error) {
      if (!isRefusal(error)) {
        await save({ ...entry, state: 'pending' })
        return false
      }
      const failed: QueuedOrder = { ...entry, state: 'failed', error: { key: errorKey(error), message: deps.describe(error) } }
      // Refused while the cashier waits: the answer goes back to the till, whose cart still holds the sale
      // (paid again, it comes back under the same key). Refused on a replay, it stays here for a person.
      if (awaiting.has(entry.clientId)) {
        refusedNow.set(entry.clientId, failed)
        await deps.store.remove(entry.clientId)
        await notify()
      } else await save(failed)
      return true
    }
  }

  const flushOnce = async (): Promise<void> => {
    if (!deps.online()) return
    for (const entry of await list()) {
      if (entry.state !== 'pending') continue
      if (!(await sendOne(entry))) return
    }
  }

  // One flush at a time; a call during one runs another pass after it, so nothing waits for the next event.
  const flush = (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          await flushOnce()
        } while (again)
      } finally {
        running = undefined
      }
    })()
    return running
  }

  const find = async (clientId: string) => (await deps.store.all()).find((entry) => entry.clientId === clientId)

  return {
    async submit(data) {
      const entry: QueuedOrder = {
        clientId: data.idempotencyKey,
        data,
        createdAt: (deps.now?.() ?? new Date()).toISOString(),
        state: 'pending',
        shop: deps.shop()
      }
      await save(entry)
      awaiting.add(entry.clientId)
      await flush().finally(() => awaiting.delete(entry.clientId))
      const order = sentOrders.get(entry.clientId)
      const refused = refusedNow.get(entry.clientId)
      sentOrders.delete(entry.clientId)
      refusedNow.delete(entry.clientId)
      if (order) return { ...entry, state: 'sent', order }
      if (refused) return refused
      return (await find(entry.clientId)) ?? entry
    },
    list,
    flush,
    subscribe(listener) {
      listeners.add(listener)
      void list().then(listener)
      return () => void listeners.delete(listener)
    },
    async retry(clientId) {
      const entry = await find(clientId)
      if (entry?.state !== 'failed') return
      await save({ ...entry, state: 'pending', error: undefined })
      await flush()
    },
    async discard(clientId) {
      await deps.store.remove(clientId)
      await notify()
    }
  }
}
