import { shopUserTypes, type ShopUserType } from '@emporia/shared'

/** A customer's type (spec §3.10) → its message key. */
export const customerTypeLabels = Object.fromEntries(shopUserTypes.map((type) => [type, `shopUser.type.${type}`])) as Record<
  ShopUserType,
  `shopUser.type.${ShopUserType}`
>

/** The customer's own page. */
export const customerPagePath = (id: string) => `/shopUsers/view/${id}`
