import { useMemo } from 'react'
import { useQueries, useQuery } from '@tanstack/react-query'
import { publicProduct, visibleProductsQuery, type StorefrontCategory } from '@emporia/theme'
import { fetchKey, servicePaths, type LocaleId, type ServiceCall, type ComponentData, type ShopPageData } from '@emporia/shared'
import { queryKeys } from '../../lib/query-keys'
import { shopApi, shopRows } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

// The page editor's calls (ARCHITECTURE §2: one place per operation); components never name a service.

export const createComponent = (data: ComponentData) => shopApi(servicePaths.components).create(data)
/** A page of the shop (its name, address and the component it shows). */
export const createPage = (data: ShopPageData) => shopApi(servicePaths.pages).create(data)
export const patchComponent = (id: string, data: Partial<ComponentData>) => shopApi(servicePaths.components).patch(id, data)
/** Publishes the shop's drafts (theme, pages, components) as the next version. */
export const publishSite = (note?: string) => shopApi(servicePaths.siteVersions).create(note ? { note } : {})
/** Copies a published version back into the drafts. */
export const restoreVersion = (version: number) => shopApi(servicePaths.siteVersions).create({ restore: version })

export const useComponent = (id: string | undefined) => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: queryKeys.get(servicePaths.components, id ?? ''),
    enabled: Boolean(shop && id),
    // The editor loads the component once: a refetch would not reach Puck, which keeps its own copy.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: () => shopApi(servicePaths.components).get(id!)
  })
}

/** The shop's components (to place, to preview where placed), at most 500. */
export const useComponents = () => {
  const shop = useCurrentShopId()
  const query = { $limit: 500, $sort: { name: 1 } }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.components, { ...query, shop }),
    enabled: Boolean(shop),
    queryFn: () => shopRows(servicePaths.components, query)
  })
}

/** The shop's pages, for links (the page/link picker) and the page list. */
export const usePages = () => {
  const shop = useCurrentShopId()
  const query = { $limit: 500, $sort: { path: 1 } }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.pages, { ...query, shop }),
    enabled: Boolean(shop),
    queryFn: () => shopRows(servicePaths.pages, query)
  })
}

/** The shop's category names (the data-source picker chooses categories by name, §2.10). */
export const useCategoryNames = () => {
  const shop = useCurrentShopId()
  const query = { $limit: 500, $select: ['_id', 'name'] }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.categories, { ...query, shop }),
    enabled: Boolean(shop),
    queryFn: () => shopRows(servicePaths.categories, query)
  })
}

/** Published versions, newest first (the version history). */
export const useVersions = (enabled: boolean) => {
  const shop = useCurrentShopId()
  const query = { $limit: 50, $sort: { version: -1 } }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.siteVersions, { ...query, shop }),
    enabled: Boolean(shop) && enabled,
    queryFn: () => shopRows(servicePaths.siteVersions, query)
  })
}

/** The shop's draft theme (what the next publish shows): the canvas's colours, font, header and footer. */
export const useDraftTheme = () => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: queryKeys.find(servicePaths.themes, { shop }),
    enabled: Boolean(shop),
    queryFn: async () => (await shopRows(servicePaths.themes, { $limit: 1 }))[0] ?? null
  })
}

/** What the storefront's catalogue answers with (decision 0163): the shop's settings/ui and its categories' names. */
export interface CanvasCatalogue {
  locale: LocaleId
  showSoldOut: boolean
  showStock: boolean
  categories: ReadonlyMap<string, StorefrontCategory>
}

/**
 * The answers of a component's data sources (shared `collectFetches`), run through the client as the
 * storefront runs them on the server (decision 0163): the same visibility (offered online, sold-out
 * ones as the shop shows them) and each product as a page shows it (`publicProduct`: prices as money,
 * categories by name), keyed by `fetchKey` for `resolvePage`. A failed one answers [].
 */
export const useFetchedAnswers = (calls: readonly ServiceCall[], catalogue: CanvasCatalogue): Record<string, unknown> => {
  const shop = useCurrentShopId()
  const results = useQueries({
    queries: calls.map((call) => {
      const query = visibleProductsQuery(call.params.query, catalogue.showSoldOut)
      return {
        queryKey: [call.path, 'find', { ...query, shop }],
        enabled: Boolean(shop) && call.path === servicePaths.products,
        staleTime: 60_000,
        queryFn: () => shopRows(servicePaths.products, query)
      }
    })
  })
  return useMemo(
    () =>
      Object.fromEntries(
        calls.map((call, index) => [
          fetchKey(call),
          ((results[index]?.data ?? []) as Record<string, unknown>[]).map((row) =>
            publicProduct(row, catalogue.categories, catalogue.locale, { showStock: catalogue.showStock, listed: true })
          )
        ])
      ),
    [calls, results, catalogue]
  )
}
