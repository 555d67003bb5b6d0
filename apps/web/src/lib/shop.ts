import { useSyncExternalStore } from 'react'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { currencySymbolOf, servicePaths, type Shop } from '@emporia/shared'
import type { Query } from '@feathersjs/feathers'
import { loadClient } from './client'
import { setMoneySymbol } from './format/money'
import { deviceOffline, rememberedShops, rememberedUser, rememberShops } from './offline-start'
import { rowsOf } from './page-of'
import { queryKeys } from './query-keys'
import { useRealtimeSync } from './realtime-sync'

/** The shop list query (spec §7.3): only the caller's shops, icons populated. */
export const SHOPS_QUERY: Query = { $populate: ['icon'], $limit: 1000 }
export const shopsKey = queryKeys.find(servicePaths.shops, SHOPS_QUERY)

const loadShops = async (): Promise<Shop[]> => {
  // Opened with no network (a till, decision 0140): the list as the server last gave it to this user.
  const kept = deviceOffline() ? rememberedShops() : undefined
  if (kept) return kept
  const { client } = await loadClient()
  const shops = rowsOf(await client.service(servicePaths.shops).find({ query: SHOPS_QUERY }))
  rememberShops(rememberedUser()?._id, shops)
  return shops
}

/** The user's shops; `force` reloads them (spec §4.4: on login or a new user id). */
export const fetchShops = (queryClient: QueryClient, force = false): Promise<Shop[]> =>
  force
    ? queryClient.fetchQuery({ queryKey: shopsKey, queryFn: loadShops, staleTime: 0, networkMode: 'offlineFirst' })
    : queryClient.ensureQueryData({ queryKey: shopsKey, queryFn: loadShops, networkMode: 'offlineFirst' })

let currentShopId: string | undefined
const listeners = new Set<() => void>()

export const setCurrentShopId = (id: string | undefined) => {
  if (id === currentShopId) return
  currentShopId = id
  listeners.forEach((listener) => listener())
}
export const getCurrentShopId = () => currentShopId

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useCurrentShopId = () => useSyncExternalStore(subscribe, () => currentShopId)

/** The user's shops, kept current by the shops service's events. */
export const useShops = (enabled: boolean) => {
  useRealtimeSync(servicePaths.shops, enabled)
  // offlineFirst: a page opened with no network asks loadShops, which answers the kept list (decision 0140).
  return useQuery({ queryKey: shopsKey, queryFn: loadShops, enabled, staleTime: Infinity, networkMode: 'offlineFirst' })
}

export const useCurrentShop = (enabled: boolean): Shop | undefined => {
  const id = useCurrentShopId()
  const shops = useShops(enabled).data
  const shop = shops?.find((one) => one._id === id)
  // Amounts follow the shop's symbol (decision 0187); the shell reads the shop before the page's rows.
  if (shop) setMoneySymbol(currencySymbolOf(shop))
  return shop
}

/** Raised by a shop-scoped call made while no shop is selected; the router sends the user to /eshop. */
export class NoShopError extends Error {
  constructor() {
    super('No shop selected')
    this.name = 'NoShopError'
  }
}

let onNoShop: () => void = () => {}
/** The router registers what "redirect to /eshop" means (spec §2.1). */
export const handleNoShop = (handler: () => void) => {
  onNoShop = handler
}

/**
 * The query of a shop-scoped call: the current shop goes in `shop` (spec §6.4). Without a
 * current shop the call is not made and the user is sent to /eshop.
 */
export const shopQuery = (query: Query = {}): Query => {
  if (!currentShopId) {
    onNoShop()
    throw new NoShopError()
  }
  return { ...query, shop: currentShopId }
}

/** Logout clears the user, the current shop and the shop list (spec §4.4). */
export const clearShops = (queryClient: QueryClient) => {
  setCurrentShopId(undefined)
  queryClient.removeQueries({ queryKey: queryKeys.service(servicePaths.shops) })
}
