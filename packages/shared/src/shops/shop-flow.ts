import { Type, type TBoolean, type TOptional } from '@sinclair/typebox'

/*
 * The shop-flow flags (spec §3.1 "shopFlow flags"): switches that change what the storefront, the orders
 * and the till do. `useInventoryLot` and `useSubShop` are listed there too but are older switches of the
 * shop schema. Each flag is off unless an admin turns it on in settings/shop.
 */
export const shopFlowFlagNames = [
  'ageRestricted',
  'skipShipping',
  'useComment',
  'useEshopLink',
  'useInventory',
  'useReceive',
  'useTracking'
] as const
export type ShopFlowFlag = (typeof shopFlowFlagNames)[number]

export const shopFlowFields = Object.fromEntries(
  shopFlowFlagNames.map((name) => [name, Type.Optional(Type.Boolean())])
) as Record<ShopFlowFlag, TOptional<TBoolean>>

/** Whether a shop has a flow flag on (a missing flag is off). */
export const shopFlowOn = (shop: Partial<Record<ShopFlowFlag, boolean | null | undefined>>, flag: ShopFlowFlag) =>
  shop[flag] === true
