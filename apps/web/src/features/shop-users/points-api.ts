import { useQuery } from '@tanstack/react-query'
import { callerIn, refusal, serviceRules, servicePaths, type PointAdjustmentData, type PointTransferData } from '@emporia/shared'
import { useSession } from '../../lib/auth'
import { queryKeys } from '../../lib/query-keys'
import { useRealtimeSync } from '../../lib/realtime-sync'
import { shopApi, shopRows } from '../../lib/resource-client'
import { useCurrentShop, useCurrentShopId } from '../../lib/shop'

// The customer page's points calls (decision 0091); components never name a service.

/** The most log rows the page lists (newest first), and the most valid lots a customer's balance is read from. */
export const POINT_LOG_ROWS = 50
const LOTS = 500

export const transferPoints = (data: PointTransferData) => shopApi(servicePaths.pointTransfers).create(data)
export const adjustPoints = (data: PointAdjustmentData) => shopApi(servicePaths.pointAdjustments).create(data)

/** The shop's point types (a few per shop). */
export const usePointTypes = () => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: queryKeys.find(servicePaths.pointTypes, { shop, $limit: 200 }),
    enabled: Boolean(shop),
    queryFn: () => shopRows(servicePaths.pointTypes, { $limit: 200, $sort: { createdAt: 1 } })
  })
}

/** A customer's balance by point type: their valid lots not yet past their expiry (as the server counts it). */
export const useCustomerBalances = (user: string | undefined) => {
  const shop = useCurrentShopId()
  useRealtimeSync(servicePaths.shopUserPoints, Boolean(shop))
  const query = { user, status: 'valid', $limit: LOTS }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.shopUserPoints, { ...query, shop }),
    enabled: Boolean(shop && user),
    queryFn: async () => {
      const now = Date.now()
      const balances: Record<string, number> = {}
      for (const lot of await shopRows(servicePaths.shopUserPoints, query))
        if (!lot.expiresAt || new Date(lot.expiresAt).getTime() > now)
          balances[lot.pointType] = (balances[lot.pointType] ?? 0) + lot.point
      return balances
    }
  })
}

/** A customer's newest point log rows. */
export const useCustomerPointLogs = (user: string | undefined) => {
  const shop = useCurrentShopId()
  useRealtimeSync(servicePaths.pointLogs, Boolean(shop))
  const query = { user, $sort: { date: -1, _id: -1 }, $limit: POINT_LOG_ROWS }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.pointLogs, { ...query, shop }),
    enabled: Boolean(shop && user),
    queryFn: () => shopRows(servicePaths.pointLogs, query)
  })
}

/** Whether the signed-in staff member may write through a service here (the shared permission table). */
export const useMayWrite = (path: typeof servicePaths.pointTransfers | typeof servicePaths.pointAdjustments) => {
  const session = useSession()
  const shop = useCurrentShop(session.status === 'signed-in')
  return Boolean(shop && refusal(serviceRules[path].write, callerIn(shop, session.user?._id)) === null)
}
