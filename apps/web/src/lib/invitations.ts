import { useQuery, type QueryClient } from '@tanstack/react-query'
import { servicePaths, type Shop } from '@emporia/shared'
import type { Translatable } from './i18n/translatable'
import { typedService } from './resource-client'
import { fetchShops, getCurrentShopId, setCurrentShopId } from './shop'

// The invitee's calls (ARCHITECTURE §2: one place per operation); components never name a service.

/** A pending invitation as `shop/invitations` lists it to its invitee. */
export interface Invitation {
  _id: string
  shop: string
  shopName: Translatable
  role: string
  perm?: string[]
  createdAt: string
}

/** Per user, so one account's invitations never show to the next on the same device. */
export const invitationsKey = (userId: string | undefined) => ['shop-invitations', userId ?? ''] as const

const service = () => typedService(servicePaths.shopInvitations)

export const loadInvitations = async (): Promise<Invitation[]> =>
  (await (await service()).find({ query: {} })) as unknown as Invitation[]

/**
 * The server lists invitations only to a verified account (decision 0067), so an unverified one is
 * not asked at all: it would only be refused. The service sends no events; a focus or a visit refetches.
 */
export const useInvitations = (user: { _id: string; verified?: boolean } | undefined) =>
  useQuery({
    queryKey: invitationsKey(user?._id),
    queryFn: loadInvitations,
    enabled: Boolean(user?.verified),
    staleTime: 30_000
  })

/**
 * Accepts, then reloads the shop list so the shop is in the switcher at once. A user without a shop
 * until now gets it as the current one, so the shop's screens open without a detour to the wizard.
 */
export const acceptInvitation = async (
  queryClient: QueryClient,
  userId: string,
  invitation: Invitation,
  subShop?: string
): Promise<Shop[]> => {
  await (await service()).patch(invitation._id, { accepted: true, ...(subShop ? { subShop } : {}) })
  const shops = await fetchShops(queryClient, true)
  if (!getCurrentShopId() && shops.some((shop) => shop._id === invitation.shop)) setCurrentShopId(invitation.shop)
  await queryClient.invalidateQueries({ queryKey: invitationsKey(userId) })
  return shops
}

export const declineInvitation = async (queryClient: QueryClient, userId: string, invitation: Invitation) => {
  await (await service()).remove(invitation._id)
  await queryClient.invalidateQueries({ queryKey: invitationsKey(userId) })
}
