import { useQuery } from '@tanstack/react-query'
import { servicePaths } from '@emporia/shared'
import { shopRows } from './resource-client'
import { useCurrentShop, useCurrentShopId } from './shop'

/** The shop's staff (`shop/staff`, admins only: for others the query fails and the list is empty). */
export const useShopStaff = () => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: [servicePaths.shopStaff, 'find', { names: true, shop }],
    enabled: Boolean(shop),
    staleTime: 60_000,
    queryFn: () => shopRows(servicePaths.shopStaff, { $limit: 500 })
  })
}

/** The shop's staff by user id: who took an order, took a payment or changed something. */
export const useStaffNames = () => {
  const staff = useShopStaff()
  const shop = useCurrentShop(true)
  const names = new Map<string, string>()
  // The members' names the shop carries (everyone may read them), then the staff list where the caller may read it.
  for (const member of shop?.users ?? []) if (member.name) names.set(member.user, member.name)
  for (const member of staff.data ?? []) if (member.user) names.set(member.user, member.name || member.email)
  /** A user's name, or a short form of the id when they are not (or no longer) staff. */
  return (id: unknown) => (typeof id === 'string' && id ? (names.get(id) ?? `…${id.slice(-6)}`) : '')
}
