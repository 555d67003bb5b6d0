import type { OrderQueue } from '../pos-types'

/*
 * CONTRACT STUB (decision 0094): the offline part (decision 0099) replaces this file: the queue in IndexedDB,
 * flushed when the connection returns, and the button that shows what is pending (`pos-pending-orders`).
 */
export const useOrderQueue = (): OrderQueue => {
  throw new Error('order queue not built yet')
}
export const PendingOrdersButton = () => null
