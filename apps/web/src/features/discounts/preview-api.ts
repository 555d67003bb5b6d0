import { useQuery } from '@tanstack/react-query'
import { servicePaths, type Discount, type Product, type ShopRank } from '@emporia/shared'
import { queryKeys } from '../../lib/query-keys'
import { pageOf, shopApi } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

/** How many of the shop's products, ranks and rules the preview offers (a pick list, not a catalogue). */
const PREVIEW_ROWS = 200

const useShopList = <T>(path: 'products' | 'shopRanks' | 'discounts', query: Record<string, unknown>, enabled = true) => {
  const shop = useCurrentShopId()
  const full = { ...query, $limit: PREVIEW_ROWS }
  return useQuery({
    queryKey: queryKeys.find(path, { ...full, shop }),
    enabled: Boolean(shop) && enabled,
    queryFn: async () => pageOf(await shopApi(path).find(full)).data as unknown as T[]
  })
}

export const usePreviewProducts = () => useShopList<Product>(servicePaths.products, { $sort: { updatedAt: -1 } })
export const usePreviewRanks = () => useShopList<ShopRank>(servicePaths.shopRanks, {})
/** The shop's other rules that are on (the engine skips the rest anyway). */
export const useValidRules = (enabled: boolean) =>
  useShopList<Discount>(servicePaths.discounts, { status: 'valid', $sort: { priority: -1 } }, enabled)
