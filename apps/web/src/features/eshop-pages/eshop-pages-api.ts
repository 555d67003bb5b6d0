import { useQuery } from '@tanstack/react-query'
import { servicePaths, type Component, type ComponentData, type ShopPage, type SiteVersion } from '@emporia/shared'
import { queryKeys } from '../../lib/query-keys'
import { pageOf, shopApi, type Row } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

// The page editor's calls (ARCHITECTURE §2: one place per operation); components never name a service.

const rows = <T>(result: unknown) => pageOf(result as Row[]).data as unknown as T[]

export const createComponent = (data: ComponentData) => shopApi(servicePaths.components).create(data) as Promise<Component>
export const patchComponent = (id: string, data: Partial<ComponentData>) =>
  shopApi(servicePaths.components).patch(id, data) as Promise<Component>
/** Publishes the shop's drafts (theme, pages, components) as the next version. */
export const publishSite = (note?: string) =>
  shopApi(servicePaths.siteVersions).create(note ? { note } : {}) as Promise<SiteVersion>
/** Copies a published version back into the drafts. */
export const restoreVersion = (version: number) =>
  shopApi(servicePaths.siteVersions).create({ restore: version }) as Promise<SiteVersion>

export const useComponent = (id: string | undefined) => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: queryKeys.get(servicePaths.components, id ?? ''),
    enabled: Boolean(shop && id),
    // The editor loads the component once: a refetch would not reach Puck, which keeps its own copy.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: () => shopApi(servicePaths.components).get(id!) as Promise<Component>
  })
}

/** The shop's components (to place, and their names), at most 500. */
export const useComponents = () => {
  const shop = useCurrentShopId()
  const query = { $limit: 500, $sort: { name: 1 }, $select: ['_id', 'name', 'props'] }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.components, { ...query, shop }),
    enabled: Boolean(shop),
    queryFn: async () => rows<Pick<Component, '_id' | 'name' | 'props'>>(await shopApi(servicePaths.components).find(query))
  })
}

/** The shop's pages, for links (the page/link picker) and the page list. */
export const usePages = () => {
  const shop = useCurrentShopId()
  const query = { $limit: 500, $sort: { path: 1 } }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.pages, { ...query, shop }),
    enabled: Boolean(shop),
    queryFn: async () => rows<ShopPage>(await shopApi(servicePaths.pages).find(query))
  })
}

/** The shop's category names (the data-source picker chooses categories by name, §2.10). */
export const useCategoryNames = () => {
  const shop = useCurrentShopId()
  const query = { $limit: 500, $select: ['_id', 'name'] }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.categories, { ...query, shop }),
    enabled: Boolean(shop),
    queryFn: async () => rows<{ name: unknown }>(await shopApi(servicePaths.categories).find(query))
  })
}

/** Published versions, newest first (the version history). */
export const useVersions = (enabled: boolean) => {
  const shop = useCurrentShopId()
  const query = { $limit: 50, $sort: { version: -1 } }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.siteVersions, { ...query, shop }),
    enabled: Boolean(shop) && enabled,
    queryFn: async () => rows<SiteVersion>(await shopApi(servicePaths.siteVersions).find(query))
  })
}
