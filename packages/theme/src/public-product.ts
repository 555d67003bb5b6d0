import { pickTran, type LocaleId } from '@emporia/shared'
import { formatCents } from './props'

// What a page's products source answers (decision 0108), one rule for the storefront's server render
// and the page editor's canvas (decision 0163): which products show, and each as a page may show it.

type Row = Record<string, unknown>
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/** What the storefront shows (decision 0108): offered online (eshop or both), and not a draft nor discontinued. */
export const VISIBLE_PRODUCTS = {
  avail: { $in: ['eshop', 'both'] },
  status: { $nin: ['draft', 'discontinued'] }
} as const

export const SOLD_OUT_STATUSES = ['soldOut', 'auto_soldOut']
const SOLD_OUT = SOLD_OUT_STATUSES

/** A source's query as the storefront runs it: only products offered online, sold-out ones only when the shop shows them. */
export const visibleProductsQuery = (asked: Row, showSoldOut: boolean): Row => ({
  ...asked,
  ...VISIBLE_PRODUCTS,
  ...(showSoldOut ? {} : { status: { $nin: [...VISIBLE_PRODUCTS.status.$nin, ...SOLD_OUT] } })
})

/** A category (brand, tag) as the storefront needs it: id and stored (translatable) name. */
export interface StorefrontCategory {
  _id: string
  name: unknown
}

const moneyIn = (symbol: string) => (cents: unknown) => (typeof cents === 'number' ? formatCents(cents, symbol) : '')

/** How a product reaches a page besides its row: listed (a card) or on its own page, counts shown or not. */
export interface PublicProductOptions {
  skuStock?: ReadonlyMap<string, number>
  /** The shop shows stock counts (settings/ui); otherwise only in stock / sold out. */
  showStock?: boolean
  /** From a products source (a card in a list): its pictures are cropped to the shop's ratio. */
  listed?: boolean
  /** The shop's money symbol (`currencySymbolOf(shop)`, decision 0187): every price text shows it. */
  currency?: string
}

/**
 * A product as a page may show it: no cost or minimum prices, no stock by warehouse, no internal links;
 * categories as their names in the page's language (the binding's `categories: string[]`, §3.15). Stock
 * counts only when the shop shows them (`stock` '' otherwise, so a text bound to it shows nothing).
 */
export const publicProduct = (
  row: Row,
  categories: ReadonlyMap<string, StorefrontCategory>,
  locale: LocaleId,
  { skuStock, showStock = false, listed = false, currency = '$' }: PublicProductOptions = {}
): Row => {
  const money = moneyIn(currency)
  const soldOut = SOLD_OUT.includes(row.status as string)
  const allowOutOfStock = row.allowOutOfStock === true
  const onHand = typeof row.cachedInventory === 'number' ? Math.max(0, row.cachedInventory) : 0
  // A SKU's price falls back to the product's (as orders price it); money texts as the product's own.
  const skus = Array.isArray(row.skus)
    ? row.skus.filter(isRecord).map((sku) => {
        const price = typeof sku.price === 'number' ? sku.price : typeof row.price === 'number' ? row.price : 0
        const dprice = typeof sku.dprice === 'number' ? sku.dprice : null
        // A SKU never restocked has no stock row: none on hand.
        const stock = skuStock ? (skuStock.get(String(sku.id)) ?? 0) : undefined
        return {
          id: String(sku.id),
          name: pickTran(sku.name, locale),
          desc: sku.desc ? pickTran(sku.desc, locale) : '',
          price: money(price),
          dprice: dprice === null ? '' : money(dprice),
          priceCents: price,
          dpriceCents: dprice,
          // Without stock figures (a listing) only the product's own state speaks.
          inStock: !soldOut && (allowOutOfStock || stock === undefined || stock > 0),
          ...(showStock && stock !== undefined ? { stock: Math.max(0, stock) } : {})
        }
      })
    : []
  const ids = Array.isArray(row.categories) ? row.categories.map(String) : []
  return {
    _id: row._id,
    name: row.name,
    desc: row.desc ?? '',
    content: row.content ?? '',
    // The marker tells the theme's image button to crop to the shop's ratio (decision 0113).
    images: Array.isArray(row.images)
      ? listed
        ? row.images.map((image) => (isRecord(image) ? { ...image, crop: 'product' } : image))
        : row.images
      : [],
    categories: ids.flatMap((id) => (categories.has(id) ? [pickTran(categories.get(id)!.name, locale)] : [])),
    categoryIds: ids,
    // Shown as money (§9.1): the page model binds prices straight into texts (decision 0108).
    price: money(row.price),
    dprice: typeof row.dprice === 'number' ? money(row.dprice) : '',
    priceCents: typeof row.price === 'number' ? row.price : 0,
    dpriceCents: typeof row.dprice === 'number' ? row.dprice : null,
    skus,
    attributes: Array.isArray(row.attributes) ? row.attributes : [],
    specs: Array.isArray(row.specs) ? row.specs : [],
    seo: isRecord(row.seo) ? row.seo : {},
    stock: showStock ? onHand : '',
    inStock: !soldOut && (allowOutOfStock || onHand > 0),
    soldOut,
    allowOutOfStock,
    updatedAt: row.updatedAt
  }
}
