import { useQuery } from '@tanstack/react-query'
import { servicePaths, type ServiceRecord } from '@emporia/shared'
import { queryKeys } from '../../lib/query-keys'
import { useRealtimeSync } from '../../lib/realtime-sync'
import { shopApi, shopRows } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

// The customer page's calls (ARCHITECTURE §2: one place per operation); components never name a service.

/** The most of a customer's orders, payments and rank changes the page lists (newest first). */
export const CUSTOMER_PAGE_ROWS = 50

export const mergeCustomers = (keep: string, remove: string) => shopApi(servicePaths.shopUserMerge).create({ keep, remove })
export const eraseCustomer = (user: string) => shopApi(servicePaths.shopUserErase).create({ user })
export const personalData = (user: string) => shopApi(servicePaths.shopUserPersonalData).get(user)

/** One customer, kept current by the service's events. */
export const useCustomer = (id: string | undefined) => {
  const shop = useCurrentShopId()
  useRealtimeSync(servicePaths.shopUsers, Boolean(shop))
  return useQuery({
    queryKey: queryKeys.get(servicePaths.shopUsers, id ?? ''),
    enabled: Boolean(shop && id),
    retry: false,
    queryFn: () => shopApi(servicePaths.shopUsers).get(id!)
  })
}

/** A customer's newest records of a service that names them by `user` (orders, payments, rank logs). */
const useByUser = <P extends typeof servicePaths.orders | typeof servicePaths.payments | typeof servicePaths.shopRankLogs>(
  path: P,
  user: string | undefined,
  sort: string,
  optional = false
) => {
  const shop = useCurrentShopId()
  useRealtimeSync(path, Boolean(shop))
  const query = { user, $sort: { [sort]: -1 }, $limit: CUSTOMER_PAGE_ROWS }
  return useQuery({
    queryKey: queryKeys.find(path, { ...query, shop }),
    enabled: Boolean(shop && user),
    queryFn: async (): Promise<ServiceRecord<P>[]> => {
      try {
        return await shopRows(path, query)
      } catch (error) {
        if (optional) return []
        throw error
      }
    }
  })
}

export const useCustomerOrders = (user: string | undefined) => useByUser(servicePaths.orders, user, 'date')
export const useCustomerPayments = (user: string | undefined) => useByUser(servicePaths.payments, user, 'date')
/** Rank changes (the ranks work writes them); an answer without them (not there yet) is an empty history. */
export const useCustomerRankLogs = (user: string | undefined) => useByUser(servicePaths.shopRankLogs, user, 'date', true)

/** Offers the export as a file download: `customer-<id>.json`. */
export const downloadJson = (name: string, data: unknown) => {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
