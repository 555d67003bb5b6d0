import { Type } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'
import { HOST_PATTERN, WEB_URL_PATTERN } from '../platform/patterns'
import { storedTextSchema } from '../shops/stored-text'

/*
 * settings/pos and settings/posBanners (spec §6.2, §2.13; decision 0094): the shop's POS fields. They are
 * spread into the shop schema like the checkout settings.
 */

/** A staff member's level at the till (spec §6.2 POS access types). */
export const posAccessTypes = ['admin', 'manager', 'user'] as const
export type PosAccessType = (typeof posAccessTypes)[number]
/**
 * A member's level at the till (spec §6.2; decision 0095): as set on the staff member, else admin for
 * shop admins and user for everyone else.
 */
export const posAccessOf = (member: { role?: string; posAccess?: PosAccessType | null }): PosAccessType =>
  member.posAccess ?? (member.role === 'admin' ? 'admin' : 'user')
/** Who may open the drawer by hand (spec §6.2). */
export const posDrawerOpeners = ['none', 'manager', 'everyone'] as const
export type PosDrawerOpener = (typeof posDrawerOpeners)[number]

/** Whether the till offers a product's bundle discounts in a popup when it is added (spec §9 bundlePopup). */
export const bundlePopups = ['none', 'popup'] as const
export type BundlePopup = (typeof bundlePopups)[number]
/** A receipt printer's kind (spec §9 printerType): ESC/POS on a receipt roll, or any printer through the browser. */
export const printerTypes = ['ordinary', 'thermal'] as const
export type PrinterType = (typeof printerTypes)[number]
/** How a thermal printer is reached (spec §9 printerConnType). */
export const printerConnTypes = ['bluetooth', 'usb'] as const
export type PrinterConnType = (typeof printerConnTypes)[number]
/** The shop's code at the till (printed on its receipts): letters, digits, '-', '_' and '.'. */
export const POS_CODE_PATTERN = '^[A-Za-z0-9._-]{1,32}$'

export const posBannerSchema = Type.Object(
  {
    image: Type.String({ pattern: ID_PATTERN, ref: 'attachments' }),
    title: Type.Optional(storedTextSchema),
    enabled: Type.Boolean()
  },
  { additionalProperties: false }
)

/** The legacy cashier list a shop may still hold (spec §4.7); the till moves it to `shop/cashiers`. */
export const legacyCashierSchema = Type.Object(
  { _id: Type.Optional(Type.String()), id: Type.String({ maxLength: 40 }), name: Type.String({ maxLength: 100 }) },
  { additionalProperties: true }
)

export const posSettingsFields = {
  /** Who may open the cash drawer by hand; automatic opening is each cashier's (`cashDrawer`). */
  posDrawerOpener: Type.Optional(Type.Union(posDrawerOpeners.map((value) => Type.Literal(value)))),
  /** Refunds by a cashier whose POS level is `user` need a manager's approval at the till (decision 0135). */
  posRefundNeedsManager: Type.Optional(Type.Boolean()),
  /** Guest customer mode: a sale with no member picked is a guest's. */
  posGuestMode: Type.Optional(Type.Boolean()),
  /** Receipt header and footer text (spec §3.11 Invoice). */
  posInvoiceHeader: Type.Optional(Type.Union([storedTextSchema, Type.Null()])),
  posInvoiceFooter: Type.Optional(Type.Union([storedTextSchema, Type.Null()])),
  /** Print a QR of the order id on the receipt. */
  posInvoiceQr: Type.Optional(Type.Boolean()),
  /** The web address printed under the receipt's footer (spec §3.1 footer domain), e.g. `shop.example.com`. */
  posFooterDomain: Type.Optional(Type.Union([Type.String({ pattern: HOST_PATTERN, maxLength: 253 }), Type.Null()])),
  /** The shop's app, printed as a QR on the receipt (spec §3.1 application link). */
  posAppLink: Type.Optional(Type.Union([Type.String({ pattern: WEB_URL_PATTERN, maxLength: 500 }), Type.Null()])),
  /** Where the receipt's products are seen online, printed as a QR on the receipt (spec §3.1 product link). */
  posProductLink: Type.Optional(Type.Union([Type.String({ pattern: WEB_URL_PATTERN, maxLength: 500 }), Type.Null()])),
  /** The shop's code at the till, printed on its receipts (spec §3.1 posCode). */
  posCode: Type.Optional(Type.Union([Type.String({ pattern: POS_CODE_PATTERN }), Type.Null()])),
  /** `popup`: adding a product a bundle discount is built on offers that bundle at once (decision 0183). */
  bundlePopup: Type.Optional(Type.Union(bundlePopups.map((value) => Type.Literal(value)))),
  /** Banners of the customer-facing screen (settings/posBanners). */
  posBanners: Type.Optional(Type.Array(posBannerSchema, { maxItems: 20 })),
  /** Legacy cashiers (spec §4.7): only ever set to null, by the till's migration. */
  posCashiers: Type.Optional(Type.Union([Type.Array(legacyCashierSchema, { maxItems: 200 }), Type.Null()]))
}
export const posSettingNames = Object.keys(posSettingsFields) as (keyof typeof posSettingsFields)[]
