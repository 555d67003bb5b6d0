import { useQuery } from '@tanstack/react-query'
import { servicePaths } from '@emporia/shared'
import { useTranslate } from './i18n/i18n'
import { shopRows } from './resource-client'
import { useCurrentShop, useCurrentShopId } from './shop'

/** The shop's staff (`shop/staff`, admins only: for others the query fails and the list is empty). */
export const useShopStaff = () => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: [servicePaths.shopStaff, 'find', { names: true, shop }],
    enabled: Boolean(shop),
    staleTime: 60_000,
    retry: false,
    queryFn: () => shopRows(servicePaths.shopStaff, { $limit: 500 })
  })
}

/** The shop's POS cashiers (`shop/cashiers`, the stations): who may read the till's settings reads their names. */
export const useShopCashiers = () => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: [servicePaths.cashiers, 'find', { names: true, shop }],
    enabled: Boolean(shop),
    staleTime: 60_000,
    retry: false,
    queryFn: () => shopRows(servicePaths.cashiers, { $limit: 500 })
  })
}

/** What the names are looked up in: the shop's members, its staff list and its cashiers, as far as the caller may read them. */
export interface PeopleSources {
  /** `shop.users`: every accepted member with the name colleagues know them by (everyone may read it). */
  members?: readonly { user: string; name?: string }[]
  staff?: readonly { user?: string | null; name?: string; email: string }[]
  cashiers?: readonly { _id: string; name: string }[]
  /** The cashiers list was read: a cashier missing from it was removed (not merely unreadable). */
  cashiersKnown: boolean
  /** The cashiers list is still being read: a cashier is named once it is in, never "POS cashier" meanwhile. */
  cashiersPending?: boolean
}

export interface PeopleLabels {
  formerStaff: string
  formerCashier: string
  cashier: string
}

/** How people are named, by id: a staff member, a POS cashier, or either (decision 0138). */
export interface PeopleNames {
  staff: (id: unknown) => string
  cashier: (id: unknown) => string
  /** Any id a record names a person by (the ids of staff and cashiers never meet). */
  person: (id: unknown) => string
}

/**
 * The one lookup of people's names (decision 0138): never an id. A staff member no longer in the shop
 * is "Former staff"; a cashier no longer in the list "Former cashier", or "POS cashier" when the caller
 * may not read the list.
 */
export const peopleNamesOf = (sources: PeopleSources, labels: PeopleLabels): PeopleNames => {
  const staff = new Map<string, string>()
  // The members' names the shop carries (everyone may read them), then the staff list where the caller may read it.
  for (const member of sources.members ?? []) if (member.name) staff.set(member.user, member.name)
  for (const member of sources.staff ?? []) if (member.user) staff.set(member.user, member.name || member.email)
  const cashiers = new Map((sources.cashiers ?? []).map((cashier) => [cashier._id, cashier.name]))
  const known = (id: unknown): id is string => typeof id === 'string' && id !== ''
  const unknownCashier = sources.cashiersKnown ? labels.formerCashier : labels.cashier
  return {
    staff: (id) => (known(id) ? (staff.get(id) ?? labels.formerStaff) : ''),
    cashier: (id) => (known(id) ? (cashiers.get(id) ?? (sources.cashiersPending ? '' : unknownCashier)) : ''),
    person: (id) => (known(id) ? (staff.get(id) ?? cashiers.get(id) ?? labels.formerStaff) : '')
  }
}

/** The names of the current shop's staff and cashiers, in the interface's language. */
export const usePeopleNames = (): PeopleNames => {
  const staff = useShopStaff()
  const cashiers = useShopCashiers()
  const shop = useCurrentShop(true)
  const { translate } = useTranslate()
  return peopleNamesOf(
    {
      members: shop?.users,
      staff: staff.data,
      cashiers: cashiers.data,
      cashiersKnown: cashiers.isSuccess,
      cashiersPending: cashiers.fetchStatus === 'fetching' && !cashiers.data
    },
    {
      formerStaff: translate('people.formerStaff'),
      formerCashier: translate('people.formerCashier'),
      cashier: translate('people.cashier')
    }
  )
}

/** The shop's staff (and cashiers) by id: who took an order, took a payment or changed something. */
export const useStaffNames = () => usePeopleNames().person

/** A staff member's name where a table cell or a line shows one. */
export const StaffName = ({ id }: { id: unknown }) => usePeopleNames().staff(id)

/** A POS cashier's name where a table cell or a line shows one. */
export const CashierName = ({ id }: { id: unknown }) => usePeopleNames().cashier(id)
