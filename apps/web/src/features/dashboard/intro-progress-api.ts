import { useQuery } from '@tanstack/react-query'
import { servicePaths, type Shop } from '@emporia/shared'
import { pageOf } from '../../lib/page-of'
import { resourceApi, shopApi } from '../../lib/resource-client'
import type { IntroFacts } from './intro-progress'

/**
 * The facts behind the "Get started" checklist, read each time the dashboard opens: whether the shop
 * has a storefront (a theme), how many products and enabled shipping methods it has (one row each, the
 * total counted), and its checkout settings from the shop record.
 */
export const useIntroFacts = (shop: Shop | undefined) =>
  useQuery({
    queryKey: ['dashboard', 'intro', shop?._id],
    enabled: Boolean(shop),
    staleTime: 0,
    queryFn: async (): Promise<IntroFacts> => {
      const [themes, products, methods] = await Promise.all([
        shopApi(servicePaths.themes).find({ $limit: 1, $select: ['_id'] }),
        resourceApi(servicePaths.products).find({ $limit: 1, $select: ['_id'] }),
        resourceApi(servicePaths.shippingMethods).find({ enabled: true, $limit: 1, $select: ['_id'] })
      ])
      return {
        storefront: pageOf(themes).data.length > 0,
        products: pageOf(products).total,
        settings: shop ?? {},
        enabledShippingMethods: pageOf(methods).total
      }
    }
  })
