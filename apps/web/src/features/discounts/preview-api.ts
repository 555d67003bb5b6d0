import { useQuery } from '@tanstack/react-query'
import { servicePaths } from '@emporia/shared'
import { queryKeys } from '../../lib/query-keys'
import { shopRows } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

/** How many of the shop's products, ranks and rules the preview offers (a pick list, not a catalogue). */
const PREVIEW_ROWS = 200

const useShopList = <P extends 'products' | 'shopRanks' | 'discounts'>(
  path: P,
  query: Record<string, unknown>,
  enabled = true
) => {
  const shop = useCurrentShopId()
  const full = { ...query, $limit: PREVIEW_ROWS }
  return useQuery({
    queryKey: queryKeys.find(path, { ...full, shop }),
    enabled: Boolean(shop) && enabled,
    queryFn: () => shopRows(path, full)
  })
}

export const usePreviewProducts = () => useShopList(servicePaths.products, { $sort: { updatedAt: -1 } })
export const usePreviewRanks = () => useShopList(servicePaths.shopRanks, {})
/** The shop's other rules that are on (the engine skips the rest anyway). */
export const useValidRules = (enabled: boolean) =>
  useShopList(servicePaths.discounts, { status: 'valid', $sort: { priority: -1 } }, enabled)
