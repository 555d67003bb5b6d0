import { servicePaths, type Order, type OrderData } from '@emporia/shared'
import { errorMessage } from '../../../lib/errors'
import { shopApi } from '../../../lib/resource-client'
import type { QueuedOrder } from '../pos-types'

/*
 * TEMPORARY ADAPTER (decision 0098): sends the till's order straight to `orders.create` while the offline
 * queue (`offline/order-queue.tsx`, decision 0099) is a stub. Deleted at the merge; nothing else imports it.
 */
export const submitDirect = async (data: OrderData & { idempotencyKey: string }): Promise<QueuedOrder> => {
  const base = { clientId: data.idempotencyKey, data, createdAt: new Date().toISOString() }
  try {
    const order = (await shopApi(servicePaths.orders).create(data)) as unknown as Order
    return { ...base, state: 'sent', order: { _id: order._id, orderId: order.orderId, total: order.total, status: order.status } }
  } catch (error) {
    const key = (error as { data?: { key?: string } }).data?.key
    return { ...base, state: 'failed', error: { key, message: errorMessage(error) } }
  }
}
