import { useQuery } from '@tanstack/react-query'
import { servicePaths, type OrderData, type OrderPatch, type PaymentData, type SplitData } from '@emporia/shared'
import { queryKeys } from '../../lib/query-keys'
import { useRealtimeSync } from '../../lib/realtime-sync'
import { shopApi, shopRows } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

// The order screens' calls (ARCHITECTURE §2: one place per operation); components never name a service.

export const createOrder = (data: OrderData) => shopApi(servicePaths.orders).create(data)
export const patchOrder = (id: string, data: OrderPatch) => shopApi(servicePaths.orders).patch(id, data)
export const createPayment = (data: PaymentData) => shopApi(servicePaths.payments).create(data)
/** Confirms a pending bank transfer (`paid`) or cancels a pending payment. */
export const setPaymentStatus = (id: string, status: 'paid' | 'cancelled') => shopApi(servicePaths.payments).patch(id, { status })
export const splitOrder = (data: SplitData) => shopApi(servicePaths.orderSplits).create(data)

/** One order, kept current by the orders service's events. */
export const useOrder = (id: string | undefined) => {
  const shop = useCurrentShopId()
  useRealtimeSync(servicePaths.orders, Boolean(shop))
  return useQuery({
    queryKey: queryKeys.get(servicePaths.orders, id ?? ''),
    enabled: Boolean(shop && id),
    queryFn: () => shopApi(servicePaths.orders).get(id!)
  })
}

/** An order's payments, oldest first (split tender, refunds), kept current by the payments service's events. */
export const useOrderPayments = (order: string | undefined) => {
  const shop = useCurrentShopId()
  useRealtimeSync(servicePaths.payments, Boolean(shop))
  const query = { order, $sort: { date: 1 }, $limit: 200, shop }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.payments, query),
    enabled: Boolean(shop && order),
    queryFn: () => shopRows(servicePaths.payments, { order, $sort: { date: 1 }, $limit: 200 })
  })
}

/** An order's history, oldest first. The server writes it with each change; `version` (the order's updatedAt) reads it again. */
export const useOrderHistory = (order: string | undefined, version: string | undefined) => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: [servicePaths.orderHistory, 'find', { order, version, shop }],
    enabled: Boolean(shop && order),
    placeholderData: (previous) => previous,
    queryFn: () => shopRows(servicePaths.orderHistory, { order, $sort: { date: 1 }, $limit: 500 })
  })
}
