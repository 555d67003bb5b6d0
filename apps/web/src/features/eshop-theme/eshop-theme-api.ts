import { useQuery } from '@tanstack/react-query'
import { servicePaths, type ThemeData } from '@emporia/shared'
import { queryKeys } from '../../lib/query-keys'
import { shopApi, shopRows } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

// The theme screen's calls (ARCHITECTURE §2: one place per operation).

/** The shop's theme: one record, or none before the wizard or the first save. */
export const useTheme = () => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: queryKeys.find(servicePaths.themes, { shop }),
    enabled: Boolean(shop),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async () => (await shopRows(servicePaths.themes, { $limit: 1 }))[0] ?? null
  })
}

export const saveTheme = (id: string | undefined, data: ThemeData) =>
  id ? shopApi(servicePaths.themes).patch(id, data) : shopApi(servicePaths.themes).create(data)

export const useShopPages = () => {
  const shop = useCurrentShopId()
  const query = { $limit: 500, $sort: { path: 1 } }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.pages, { ...query, shop }),
    enabled: Boolean(shop),
    queryFn: () => shopRows(servicePaths.pages, query)
  })
}
