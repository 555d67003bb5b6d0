import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { servicePaths } from '@emporia/shared'
import { queryKeys } from '../../lib/query-keys'
import { addDays } from '../../lib/sales-summary'
import { shopApi, typedService } from '../../lib/resource-client'
import { shopQuery } from '../../lib/shop'

/** The period the roll-up shows: local dates of each sub-shop's own calendar, `toDate` included. */
export interface RollupRange {
  fromDate: string
  toDate: string
}

/** Rows of a sub-shop's stock per page of the drill-in. */
export const STOCK_PAGE_SIZE = 25

/** The parent's sub-shops with their sales over the range and their stock now (decision 0087). */
export const useSubShopRollup = (range: RollupRange, shopId: string | undefined, enabled = true) => {
  const query = { from: range.fromDate, to: addDays(range.toDate, 1) }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.subShopSummary, { ...query, shop: shopId }),
    enabled: enabled && Boolean(shopId),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: () => shopApi(servicePaths.subShopSummary).find(query)
  })
}

/** One page of a sub-shop's stock, read-only. */
export const useSubShopStock = (entry: string | undefined, page: number, shopId: string | undefined) => {
  const query = { subShop: entry, $limit: STOCK_PAGE_SIZE, $skip: page * STOCK_PAGE_SIZE }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.subShopStocks, { ...query, shop: shopId }),
    enabled: Boolean(entry && shopId),
    placeholderData: keepPreviousData,
    queryFn: () => shopApi(servicePaths.subShopStocks).find(query)
  })
}

/** Every roll-up query of the current shop asks again after a sub-shop is invited or removed. */
const useRefresh = () => {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: [servicePaths.subShopSummary] })
}

/** Invites a sub-shop by name and e-mail (`subShops create`; its account links its shop on accepting). */
export const useInviteSubShop = () => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (data: { name: string; email: string }) =>
      (await typedService(servicePaths.subShops)).create({ ...data, role: 'subshop' }, { query: shopQuery() }),
    onSuccess: refresh
  })
}

/** Removes a sub-shop: the parent stops seeing its figures at once. */
export const useRemoveSubShop = () => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (id: string) => (await typedService(servicePaths.subShops)).remove(id, { query: shopQuery() }),
    onSuccess: refresh
  })
}
