import { useQuery } from '@tanstack/react-query'
import type { ListServicePath, ServiceRecord, servicePaths } from '@emporia/shared'
import { queryKeys } from '../../lib/query-keys'
import { pageOf, resourceApi, shopApi, type Row } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

/** The two services of subsequent-payment orders: purchasing (buy) and bulk (sell). */
export type OrderPath = typeof servicePaths.purchasingOrders | typeof servicePaths.bulkOrders

/** The services of order statuses, which an order's `status` names: purchasing (buy) and bulk (sell). */
export type OrderStatusPath = typeof servicePaths.purchasingOrderStatuses | typeof servicePaths.bulkOrderStatuses

/** One record by id (a company, a status), cached with the lists' record queries. */
export const useRecord = <P extends ListServicePath>(path: P, id: unknown) => {
  const shop = useCurrentShopId()
  const key = typeof id === 'string' ? id : ''
  return useQuery({
    queryKey: queryKeys.get(path, key),
    enabled: Boolean(shop && key),
    staleTime: 10_000,
    // A missing or refused record is an answer, not a fault to retry.
    retry: false,
    queryFn: (): Promise<ServiceRecord<P>> => shopApi(path).get(key)
  })
}

/** The due dates of a company's other orders still owing, earliest first (for earliestDueDate). */
export const useOpenDueDates = (path: ListServicePath, user: unknown, except: string | undefined) => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: [path, 'find', { openDueDates: user, except, shop }],
    enabled: Boolean(shop && typeof user === 'string' && user),
    staleTime: 10_000,
    queryFn: async () => {
      const query = { user, shortage: { $gt: 0 }, ...(except ? { _id: { $ne: except } } : {}), $sort: { dueDate: 1 }, $limit: 1 }
      const rows: Row[] = pageOf(await resourceApi(path).find(query)).data
      return rows.map((row) => row.dueDate).filter((date): date is string => typeof date === 'string')
    }
  })
}
