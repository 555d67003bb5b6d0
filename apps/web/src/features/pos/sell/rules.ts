import { useQuery } from '@tanstack/react-query'
import { servicePaths, type Discount } from '@emporia/shared'
import { pageOf, shopApi } from '../../../lib/resource-client'

/*
 * The shop's discount rules for the till (decision 0098), loaded once per opening and kept for offline
 * use in the query cache: the valid rules meant for the counter. A cashier who may not read them sells at
 * list price on screen; the server still applies every rule.
 */
export const useRules = (shop: string | undefined) =>
  useQuery({
    queryKey: [servicePaths.discounts, 'pos', shop],
    enabled: Boolean(shop),
    retry: false,
    staleTime: Infinity,
    queryFn: async () =>
      pageOf(await shopApi(servicePaths.discounts).find({ status: 'valid', avail: { $in: ['pos', 'both'] }, $limit: 500 }))
        .data as unknown as Discount[]
  })
