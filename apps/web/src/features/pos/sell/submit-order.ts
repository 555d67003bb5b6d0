import type { OrderData } from '@emporia/shared'
import { useOrderQueue } from '../offline/order-queue'
import type { OrderQueue, QueuedOrder } from '../pos-types'
import { submitDirect } from './direct-order-adapter'

/*
 * How the till sends a sale (decision 0098): through the offline queue, so a sale taken offline is kept
 * and replayed with its idempotencyKey. Until the queue is built its hook throws; then the direct adapter
 * stands in (removed at the merge).
 */
const useQueueOrNull = (): OrderQueue | null => {
  try {
    return useOrderQueue()
  } catch {
    return null
  }
}

export const useSubmitOrder = () => {
  const queue = useQueueOrNull()
  return (data: OrderData & { idempotencyKey: string }): Promise<QueuedOrder> => (queue ? queue.submit(data) : submitDirect(data))
}
