import { useEffect, useState, useSyncExternalStore } from 'react'
import { servicePaths } from '@emporia/shared'
import { loadClient } from '../../../lib/client'
import { getCurrentShopId } from '../../../lib/shop'
import type { QueuedOrder } from '../pos-types'
import { createOrderQueue, type FullOrderQueue, type SentOrder } from './queue-core'
import { indexedDbQueueStore } from './queue-store'
import { cashierErrorMessage } from './cashier-errors'
import { PendingOrdersDialog } from './pending-orders-dialog'
import { PendingOrdersToolbarButton } from './pending-orders-button'

export { canSellOffline } from './queue-core'

/*
 * The till's offline queue (decision 0099): every sale goes through it, so a sale taken offline and one
 * taken online are the same `orders.create` with the same idempotencyKey, sent now or replayed later.
 */

let socketConnected = false
// The device's network and the socket must both be up: a websocket can outlive the network for a while,
// and a call on a dead socket waits 30 s for its timeout.
const online = () => navigator.onLine && socketConnected

let queue: FullOrderQueue | undefined
// Sends what the server did not answer (a 5xx, a login still in progress) without waiting for the next event.
const RETRY_MS = 30_000

const startQueue = (): FullOrderQueue => {
  const created = createOrderQueue({
    store: indexedDbQueueStore,
    online,
    shop: () => getCurrentShopId(),
    describe: cashierErrorMessage,
    send: async (data, shop) => {
      const { client, socket } = await loadClient()
      // An answer lost with its socket never comes: the call would hold the queue until its 30 s timeout.
      // It fails at once instead, and the replay with the same key answers the order if it was made.
      return new Promise<SentOrder>((resolve, reject) => {
        const lost = () => reject(Object.assign(new Error('Connection lost'), { name: 'Disconnected' }))
        if (!socket.connected) return lost()
        socket.once('disconnect', lost)
        client
          .service(servicePaths.orders)
          .create(data, { query: shop ? { shop } : {} })
          .then((order) => resolve(order as SentOrder), reject)
          .finally(() => socket.off('disconnect', lost))
      })
    }
  })
  const flush = () => void created.flush()
  window.addEventListener('online', flush)
  void loadClient().then(({ client, socket }) => {
    socketConnected = socket.connected
    socket.on('connect', () => {
      socketConnected = true
      flush()
    })
    socket.on('disconnect', () => {
      socketConnected = false
    })
    // A reconnect authenticates again before calls are accepted: flush once it has.
    client.on('authenticated', flush)
    flush()
  })
  setInterval(flush, RETRY_MS)
  return created
}

/** The one queue of this tab (a second till tab shares the database, not the queue). */
export const useOrderQueue = (): FullOrderQueue => (queue ??= startQueue())

/** Orders not yet sent, oldest first, kept current. */
export const usePendingOrders = (orderQueue: FullOrderQueue): QueuedOrder[] => {
  const [orders, setOrders] = useState<QueuedOrder[]>([])
  useEffect(() => orderQueue.subscribe(setOrders), [orderQueue])
  return orders
}

const subscribeNetwork = (listener: () => void) => {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** The toolbar's queue button (`pos-pending-orders`): the count of unsent orders, opening their list. */
export const PendingOrdersButton = () => {
  const orderQueue = useOrderQueue()
  const orders = usePendingOrders(orderQueue)
  const deviceOnline = useSyncExternalStore(subscribeNetwork, () => navigator.onLine)
  const [open, setOpen] = useState(false)
  return (
    <>
      <PendingOrdersToolbarButton
        count={orders.length}
        failed={orders.filter((order) => order.state === 'failed').length}
        offline={!deviceOnline}
        onClick={() => setOpen(true)}
      />
      <PendingOrdersDialog open={open} orders={orders} queue={orderQueue} onClose={() => setOpen(false)} />
    </>
  )
}
