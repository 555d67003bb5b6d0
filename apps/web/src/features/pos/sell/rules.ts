import { useQuery } from '@tanstack/react-query'
import { servicePaths } from '@emporia/shared'
import { shopRows } from '../../../lib/resource-client'

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
    queryFn: () => shopRows(servicePaths.discounts, { status: 'valid', avail: { $in: ['pos', 'both'] }, $limit: 500 })
  })
