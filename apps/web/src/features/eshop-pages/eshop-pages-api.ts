import { useMemo } from 'react'
import { useQueries, useQuery } from '@tanstack/react-query'
import { fetchKey, servicePaths, type ServiceCall, type ComponentData } from '@emporia/shared'
import { queryKeys } from '../../lib/query-keys'
import { shopApi, shopRows } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

// The page editor's calls (ARCHITECTURE §2: one place per operation); components never name a service.

export const createComponent = (data: ComponentData) => shopApi(servicePaths.components).create(data)
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

/**
 * The answers of a component's data sources (shared `collectFetches`), run through the client as the
 * storefront runs them on the server, keyed by `fetchKey` for `resolvePage`. A failed one answers [].
 */
export const useFetchedAnswers = (calls: readonly ServiceCall[]): Record<string, unknown> => {
  const shop = useCurrentShopId()
  const results = useQueries({
    queries: calls.map((call) => ({
      queryKey: [call.path, 'find', { ...call.params.query, shop }],
      enabled: Boolean(shop) && call.path === servicePaths.products,
      staleTime: 60_000,
      queryFn: () => shopRows(servicePaths.products, call.params.query)
    }))
  })
  return useMemo(
    () => Object.fromEntries(calls.map((call, index) => [fetchKey(call), results[index]?.data ?? []])),
    [calls, results]
  )
}
