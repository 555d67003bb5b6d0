/**
 * The shop's mails to its customers and to itself (spec §9.8, decision 0147): one template per type,
 * in en, cht and chs. In the outbox their type is `shop.<name>`, apart from the platform's own mails
 * (a staff member's `passwordChanged` is not a shopper's).
 */
export const shopMailNames = [
  'shopOrder',
  'order',
  'passwordChanged',
  'shipment',
  'orderReceive',
  'shopOrderReceive',
  'orderBankTransfer',
  'resetPasswordShop'
] as const
export type ShopMailName = (typeof shopMailNames)[number]
export type ShopMailType = `shop.${ShopMailName}`

export const shopMailTypes = shopMailNames.map((name) => `shop.${name}` as ShopMailType)
export const isShopMailName = (value: unknown): value is ShopMailName => shopMailNames.includes(value as ShopMailName)
export const isShopMailType = (value: unknown): value is ShopMailType =>
  typeof value === 'string' && value.startsWith('shop.') && isShopMailName(value.slice(5))
export const shopMailName = (type: ShopMailType): ShopMailName => type.slice(5) as ShopMailName

/** The mails that go to the shop itself (its shop e-mail), not to the shopper. */
export const toShopMails: readonly ShopMailName[] = ['shopOrder', 'shopOrderReceive']

/** What the header and footer show of the shop. */
export interface ShopBrand {
  name: string
  /** An absolute address of the shop's logo (its icon), or none. */
  logo?: string | null
  /** #rrggbb: the header band and the buttons. */
  color: string
  email?: string | null
  phone?: string | null
  address?: string | null
  /** The storefront's address. */
  url?: string | null
}

export interface MailOrderLine {
  name: string
  variant?: string | null
  quantity: number
  /** Cents. */
  price: number
  total: number
}

export interface MailBankAccount {
  bankName: string
  name: string
  no: string
}

/** An order as the order mails show it: amounts in cents, the date as ISO text. */
export interface MailOrder {
  orderId: string
  date: string
  customerName: string
  customerEmail?: string | null
  customerPhone?: string | null
  lines: MailOrderLine[]
  subtotal: number
  shippingFee: number
  discount: number
  total: number
  payment: 'bank' | 'stripe' | 'cash' | 'other'
  shippingMethod?: string | null
  address?: string | null
  tracking?: string | null
  /** The carrier's tracking page, while the shop shows tracking (useTracking, decision 0178). */
  trackingUrl?: string | null
  /** The shopper's order page (status, slip upload) or, for the shop's mails, the back office's. */
  link?: string | null
  bankAccounts?: MailBankAccount[]
}

/** What one shop mail is made from. */
export interface ShopMailData {
  brand: ShopBrand
  order?: MailOrder
  /** The recipient's name (a shopper's). */
  name?: string
  /** A reset code (resetPasswordShop). */
  code?: string
  /** A link (resetPasswordShop: where to type the code). */
  link?: string
  /** The shop's time zone for dates; Hong Kong when unset. */
  timeZone?: string
}
