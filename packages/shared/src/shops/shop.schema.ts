import { Type, type Static } from '@sinclair/typebox'
import { barcodeLayoutSchema } from '../inventory/barcode-layout.schema'
import { ID_PATTERN } from '../platform/ids'
import { currencySymbols } from '../platform/money'
import { shopAttributes } from '../tenancy/permissions'
import { shopPermissions, shopRoles } from '../tenancy/roles'
import { checkoutSettingsFields } from './checkout-settings'
import { posAccessTypes, posSettingsFields } from '../pos/pos-settings'
import { siteSettingsFields } from './site-settings'
import { shopFlowFields } from './shop-flow'
import { appSettingsFields } from './app-settings'
import { storedTextSchema } from './stored-text'
import { subscriptionStates } from '../billing/subscription.schema'

export { storedTextSchema } from './stored-text'

import { HOST_PATTERN, SUBDOMAIN_PATTERN } from '../platform/patterns'

export { HOST_PATTERN, SUBDOMAIN_PATTERN } from '../platform/patterns'

const roleSchema = Type.Union(shopRoles.map((role) => Type.Literal(role)))

/** A member as shown in `shop.users[]` (spec §3.1); the server derives it from shop members. */
export const shopUserRefSchema = Type.Object({
  user: Type.String({ pattern: ID_PATTERN }),
  role: roleSchema,
  roles: Type.Array(roleSchema),
  perm: Type.Array(Type.String()),
  accepted: Type.Boolean(),
  /** The member's level at the till (spec §6.2; decision 0095), so the till reads the caller's own from the shop. */
  posAccess: Type.Optional(Type.Union(posAccessTypes.map((value) => Type.Literal(value)))),
  /**
   * What colleagues call the member: the staff entry's name, else the part of its e-mail before the @, so
   * members who may not read the staff list (only admins may) see names at the till and on orders.
   */
  name: Type.Optional(Type.String({ maxLength: 254 }))
})

/** The shop (spec §3.1). Settings of later screens are added by the issues that build them. */
export const shopSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    icon: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()], { ref: 'attachments' })),
    subdomain: Type.String({ pattern: SUBDOMAIN_PATTERN }),
    alias: Type.Optional(Type.Union([Type.String({ pattern: HOST_PATTERN }), Type.Null()])),
    /** Trial end (the spec's spelling). */
    validUtil: Type.String({ format: 'date-time', readOnly: true }),
    contract: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()], { readOnly: true })),
    contractEnd: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { readOnly: true })),
    /**
     * The subscription as the drawer and banners need it (decision 0129): the plan's code, the state
     * (trial, active, grace, lapsed, off) and the grace end. Written by billing only.
     */
    plan: Type.Optional(Type.String({ maxLength: 40, readOnly: true })),
    billingState: Type.Optional(
      Type.Union(
        subscriptionStates.map((state) => Type.Literal(state)),
        { readOnly: true }
      )
    ),
    graceEnd: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { readOnly: true })),
    /** Asked to be deleted (decision 0211): closed now, its rows removed after this; written by `shop/deletion` only. */
    deleteAfter: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { readOnly: true })),
    useInventoryLot: Type.Optional(Type.Boolean()),
    useCashboxLog: Type.Optional(Type.Boolean()),
    useSubShop: Type.Optional(Type.Boolean()),
    i18n: Type.Optional(Type.Boolean()),
    /** Paid features; set by billing, never by the shop itself. */
    attributes: Type.Object(Object.fromEntries(shopAttributes.map((key) => [key, Type.Optional(Type.Boolean())])), {
      readOnly: true,
      additionalProperties: false
    }),
    /** Derived from shop members; read-only here (staff change through `shop/staff`). */
    users: Type.Array(shopUserRefSchema, { readOnly: true }),
    contact: Type.Optional(Type.String({ maxLength: 200 })),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
    shopEmail: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Null()])),
    location: Type.Optional(Type.String({ maxLength: 500 })),
    /** The till shows a second, customer-facing screen (spec §2.3 posScreen). */
    multiscreen: Type.Optional(Type.Boolean()),
    /** How money is shown (spec §9.1): "$" (default) or "HK$" (decision 0187). */
    currencySymbol: Type.Optional(Type.Union([...currencySymbols.map((symbol) => Type.Literal(symbol)), Type.Null()])),
    // Stock settings (spec §3.1, settings/inventory; docs/decisions/0040).
    posAllowOutOfStock: Type.Optional(Type.Boolean()),
    /** Staff discount limits are enforced on manual order discounts (spec §3.1, §6.2; decision 0092). */
    useDiscountLimit: Type.Optional(Type.Boolean()),
    /** "Reset Product Status": stock moves products to auto_soldOut at zero and back to selling. Default on. */
    resetInventoryStatus: Type.Optional(Type.Boolean()),
    lowStock: Type.Optional(Type.Boolean()),
    lowStockThres: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
    posWarehouse: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()], { ref: 'warehouses' })),
    eshopWarehouse: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()], { ref: 'warehouses' })),
    barcodeLayouts: Type.Optional(Type.Array(barcodeLayoutSchema, { maxItems: 10 })),
    // Sign-in requirements (spec §2.2 settings/verify, §4.4; decision 0138). Only admins change them.
    /** "Staff must verify their e-mail": a member whose account is not verified gets no shop data (403). */
    staffVerifyRequired: Type.Optional(Type.Boolean()),
    /** "Admins must use two-step sign-in": enforced by the two-step sign-in (issue 31). */
    adminTwoStepRequired: Type.Optional(Type.Boolean()),
    // Shop-flow flags (spec §3.1 shopFlow; settings/shop).
    ...shopFlowFields,
    // Checkout settings (spec §3.1, settings/payment; decision 0079).
    ...checkoutSettingsFields,
    // POS settings (settings/pos, settings/posBanners; decision 0094).
    ...posSettingsFields,
    // Social links and storefront UI settings (settings/social, settings/ui; decision 0113).
    ...siteSettingsFields,
    // The installable app (spec §2.2 app; decision 0202).
    ...appSettingsFields,
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Shop', additionalProperties: false }
)
export type Shop = Static<typeof shopSchema>
export type ShopData = Pick<Shop, 'name' | 'subdomain'> &
  Partial<
    Omit<
      Shop,
      | '_id'
      | 'validUtil'
      | 'contract'
      | 'contractEnd'
      | 'plan'
      | 'billingState'
      | 'graceEnd'
      | 'attributes'
      | 'users'
      | 'createdAt'
      | 'updatedAt'
    >
  >
export type ShopPatch = Partial<ShopData>

/** A staff member or invitation of a shop (spec §3.3 Access). */
export const shopStaffSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    /** Set once the invitee has an account and accepts. */
    user: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()], { readOnly: true, ref: 'users' })),
    email: Type.String({ format: 'email', maxLength: 254 }),
    /** A sub-shop's display name (spec §3.3 Subsidiary shop), or the member's name. */
    name: Type.Optional(Type.String({ maxLength: 200 })),
    role: roleSchema,
    perm: Type.Array(Type.Union(shopPermissions.map((perm) => Type.Literal(perm))), { uniqueItems: true }),
    accepted: Type.Boolean({ readOnly: true }),
    /**
     * Sub-shops only (decision 0087): the sub-shop's own shop, named by its account when accepting
     * (it must administer that shop). The parent's roll-up reads this shop's sales and stock.
     */
    subShop: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()], { readOnly: true })),
    /**
     * The staff member's discount limits (spec §3.3 Admin, §6.2; decision 0092), in cents; null: no limit.
     * Enforced on manual order discounts when the shop's useDiscountLimit is on.
     */
    monthlyDiscount: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000_000_000 }), Type.Null()])),
    /** "Max. Discount": the most one order may be given by hand. */
    maxDiscount: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000_000_000 }), Type.Null()])),
    /** Manual discounts given in `discountMonth` (YYYY-MM in the shop's time zone); another month reads 0. */
    monthlyUsedDiscount: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    discountMonth: Type.Optional(Type.Union([Type.String({ maxLength: 7 }), Type.Null()], { readOnly: true })),
    /** The member's level at the till (spec §6.2); unset: admin for shop admins, user for the rest. */
    posAccess: Type.Optional(Type.Union(posAccessTypes.map((value) => Type.Literal(value)))),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'ShopStaff', additionalProperties: false }
)
export type ShopStaff = Static<typeof shopStaffSchema>
export type ShopStaffData = Pick<ShopStaff, 'email' | 'role'> &
  Partial<Pick<ShopStaff, 'perm' | 'name' | 'monthlyDiscount' | 'maxDiscount' | 'posAccess'>>
export type ShopStaffPatch = Partial<Pick<ShopStaff, 'role' | 'perm' | 'name' | 'monthlyDiscount' | 'maxDiscount' | 'posAccess'>>
