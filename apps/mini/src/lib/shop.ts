import { call } from './api'
import { addLine, emptyCart, readCart, type Cart, type CartLine } from './cart'
import type { Locale } from './locale'
import { apiBase, store, stored } from './runtime'

/** The mini's calls (decision 0207): what each answers. */
export interface Card {
  _id: string
  name: string
  image?: string | null
  price: string
  soldOut: boolean
}
export interface Topic {
  _id: string
  name: string
  desc?: string
  banner?: unknown
  /** Cents from `/_commerce/topics`, a decimal text in the home's sections. */
  price?: number | string | null
}
export type Section =
  | { type: 'banner'; images: { src: string; link?: string }[] }
  | { type: 'products'; title?: string; products: Card[] }
  | { type: 'topics'; topics: Topic[] }
  | { type: 'text'; text: string }
export interface ShopInfo {
  name: string
  symbol: string
  currency: string
  icon?: string | null
}
export interface Home {
  shop: ShopInfo
  sections: Section[]
}
export interface ProductDetail {
  _id: string
  name: string
  description: string
  images: string[]
  price: string
  skus: { _id: string; name: string; price: string; soldOut: boolean }[]
  soldOut: boolean
}
export interface TopicDetail extends Topic {
  content: string
  products: { _id: string; name: string; price: number | string | null; image: unknown }[]
}

let home: Promise<Home> | undefined
let homeLocale: Locale | undefined

/** The home answer, asked once per language: the shop's name and money symbol for every page. */
export const loadHome = (locale: Locale, fresh = false): Promise<Home> => {
  if (!home || fresh || homeLocale !== locale) {
    homeLocale = locale
    home = call<Home>('GET', '/_commerce/mini/home', { lang: locale }).catch((error: unknown) => {
      home = undefined
      throw error
    })
  }
  return home
}

/** The origin of the API base (`https://host` for the package, '' for H5 on its own origin). */
const origin = () => /^https?:\/\/[^/]+/.exec(apiBase())?.[0] ?? ''

/**
 * An image's address: a text address as it is (one starting with `/` on the shop's host), an image
 * field's value (an upload or an outside address) as the storefront draws it.
 */
export const imageUrl = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.startsWith('/') ? `${origin()}${value}` : value || undefined
  if (!value || typeof value !== 'object') return undefined
  const image = value as { type?: string; attachment?: string; src?: string }
  if (image.type === 'attachment' && /^[0-9a-f]{24}$/.test(image.attachment ?? ''))
    return `${origin()}/api/files/${image.attachment}.medium.jpg`
  return typeof image.src === 'string' && image.src ? imageUrl(image.src) : undefined
}

const CART = 'cart'
export const loadCart = (): Cart => readCart(stored(CART) ?? emptyCart())
export const saveCart = (cart: Cart) => store(CART, cart)
export const addToCart = (line: CartLine) => saveCart(addLine(loadCart(), line))

/** `POST /_commerce/cart`: the server's prices (cents), the refused coupons and the delivery quotes. */
export interface Priced {
  lines: { product: string; sku: string; name: string; price: number; quantity: number; total: number; discount: number }[]
  subtotal: number
  discount: number
  rounding: number
  total: number
  coupons: string[]
  refused: { code: string; message: string }[]
  suggestions: { message: string }[]
  shipping: { _id: string; name: unknown; desc?: unknown; fee: number }[]
  ageRestricted?: boolean
}

/** `GET /_commerce/account`: the signed-in member's details and orders (401 for a guest). */
export interface Account {
  customer: { firstName: string; lastName: string; email: string; phone: string }
  orders: { orderId: string; date: string; status: string; total: number; link: string }[]
}
