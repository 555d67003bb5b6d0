import { useQuery } from '@tanstack/react-query'
import { callerIn, refusal, serviceRules, servicePaths } from '@emporia/shared'
import { useSession } from '../../lib/auth'
import { resourceService, rowsOf, shopRows, type Row } from '../../lib/resource-client'
import { useCurrentShop, useCurrentShopId, useShops } from '../../lib/shop'

// The product editor's reads of other shops (links to other shops' products); components never name a service.

/** Whether this member may read a service in the current shop (sub-shops need the useSubShop switch). */
export const useMayRead = (path: keyof typeof serviceRules): boolean => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  const rule = serviceRules[path]
  return Boolean(shop && rule && refusal(rule.read, callerIn(shop, user?._id), false) === null)
}

export interface LinkShop {
  id: string
  name: unknown
}

/**
 * The shops a product may link to (decision 0189): the other shops the merchant works in, and the
 * current shop's accepted sub-shops. The server refuses any other.
 */
export const useLinkShops = (): LinkShop[] => {
  const current = useCurrentShopId()
  const own = (useShops(true).data ?? [])
    .filter((shop) => shop._id !== current)
    .map((shop) => ({ id: shop._id, name: shop.name }))
  const subShops = useMayRead(servicePaths.subShops)
  const subs = useQuery({
    queryKey: [servicePaths.subShops, 'linkable', current],
    queryFn: () => shopRows(servicePaths.subShops, { accepted: true, $limit: 200 }),
    enabled: Boolean(current) && subShops,
    staleTime: 60_000
  }).data
  const shops = new Map(own.map((shop) => [shop.id, shop]))
  for (const sub of subs ?? []) {
    const id = (sub as { subShop?: string | null }).subShop
    if (id && !shops.has(id)) shops.set(id, { id, name: sub.name || sub.email })
  }
  return [...shops.values()]
}

const read = async (shop: string, query: Record<string, unknown>): Promise<Row[]> =>
  rowsOf<Row>(await (await resourceService(servicePaths.products)).find({ query: { ...query, shop, $select: ['_id', 'name'] } }))

/** Products of another shop whose name matches the text, for the link picker (at most 20). */
export const useLinkSearch = (shop: string | undefined, text: string) =>
  useQuery({
    queryKey: [servicePaths.products, 'linkSearch', shop, text.trim()],
    queryFn: () =>
      read(shop as string, { ...(text.trim() ? { $search: text.trim() } : { $sort: { updatedAt: -1 } }), $limit: 20 }),
    enabled: Boolean(shop),
    staleTime: 30_000,
    placeholderData: (previous) => previous
  })

/** The names of a shop's products by id (the links already chosen). */
export const useProductNames = (shop: string | undefined, ids: string[]) =>
  useQuery({
    queryKey: [servicePaths.products, 'names', shop, [...ids].sort()],
    queryFn: () => read(shop as string, { _id: { $in: ids }, $limit: ids.length }),
    enabled: Boolean(shop) && ids.length > 0,
    staleTime: 60_000
  })

/** Another shop's warehouses (a link's crossTransfer destination). */
export const useShopWarehouses = (shop: string | undefined) =>
  useQuery({
    queryKey: [servicePaths.warehouses, 'of', shop],
    queryFn: async () =>
      rowsOf<Row>(
        await (await resourceService(servicePaths.warehouses)).find({ query: { shop, $limit: 200, $select: ['_id', 'name'] } })
      ),
    enabled: Boolean(shop),
    staleTime: 60_000
  })
