import type { Application } from '@feathersjs/feathers'
import { pickTran, servicePaths, storefrontUi, type LocaleId, type ServiceCall } from '@emporia/shared'
import {
  publicProduct,
  visibleProductsQuery,
  VISIBLE_PRODUCTS,
  type AppBannerView,
  type StorefrontCategory
} from '@emporia/theme'

export { publicProduct, VISIBLE_PRODUCTS, type PublicProductOptions, type StorefrontCategory } from '@emporia/theme'

type Row = Record<string, unknown>
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * What the shop's settings/ui (decision 0113, `storefrontUi`) change in the catalogue the storefront
 * reads: the page size of products sources on collection and search pages, stock counts in the public
 * data (off: only in stock / sold out), sold-out products in lists (off: left out; their page still answers).
 */
export type CatalogueUi = Pick<ReturnType<typeof storefrontUi>, 'productsPerPage' | 'showStock' | 'showSoldOut'> & {
  /** The shop's money symbol (decision 0187): the products' price texts show it. */
  currency?: string
}

const DEFAULT_UI: CatalogueUi = storefrontUi({})

/** The request's filters on a collection or search page: they narrow every products source of the page. */
export interface Listing {
  q?: string
  category?: string
  /** A brand's or a tag's name in any language (`/brands/:brand`, `?tag=`…). */
  brand?: string
  tag?: string
  min?: number
  max?: number
  sort?: string
  page?: number
}

const SORTS: Record<string, Row> = {
  newest: { createdAt: -1 },
  price: { price: 1 },
  '-price': { price: -1 },
  name: { name: 1 }
}
/** A sort a listing knows (`?sort=`); any other is ignored, as if none was asked. */
export const isListingSort = (sort: string) => Object.hasOwn(SORTS, sort)

/** The kinds of named records a listing filters by. */
export type NamedKind = 'categories' | 'brands' | 'tags'

const lower = (value: string) => value.trim().toLowerCase()
/** Every language's text of a stored name (a category is found by any of them, trimmed). */
const namesOf = (name: unknown): string[] =>
  typeof name === 'string'
    ? [lower(name)]
    : isRecord(name)
      ? Object.values(name).flatMap((one) => (typeof one === 'string' ? [lower(one)] : []))
      : []

/**
 * The shop's catalogue as the storefront reads it: every call is an internal call naming the shop, so
 * the products service runs it behind the shop's row-security wall, with the storefront's visibility.
 */
export class StorefrontCatalogue {
  /** Per kind and shop: the names products are filtered by (categories, brands, tags), cached until they change. */
  private readonly nameCache = new Map<string, Promise<Map<string, StorefrontCategory>>>()

  constructor(private readonly app: Application) {}

  private named(kind: NamedKind, shop: string): Promise<Map<string, StorefrontCategory>> {
    const key = `${kind}:${shop}`
    let found = this.nameCache.get(key)
    if (!found) {
      found = (
        this.app.service(servicePaths[kind]).find({
          query: { shop, $limit: 1000, $select: ['_id', 'name'] },
          paginate: false
        } as never) as Promise<Row[]>
      ).then((rows) => new Map(rows.map((row) => [String(row._id), { _id: String(row._id), name: row.name }])))
      found.catch(() => this.nameCache.delete(key))
      this.nameCache.set(key, found)
    }
    return found
  }

  categories(shop: string): Promise<Map<string, StorefrontCategory>> {
    return this.named('categories', shop)
  }

  /** Drops a shop's cached names of one kind (its service changed them). */
  forget(kind: NamedKind, shop: string) {
    this.nameCache.delete(`${kind}:${shop}`)
  }

  forgetCategories(shop: string) {
    this.forget('categories', shop)
  }

  /** Ids of the kind whose name, in any language, is one of `names` (an unknown name matches nothing). */
  async namedIds(kind: NamedKind, shop: string, names: readonly unknown[]): Promise<string[]> {
    const wanted = new Set(names.filter((name): name is string => typeof name === 'string').map(lower))
    const ids: string[] = []
    for (const entry of (await this.named(kind, shop)).values())
      if (namesOf(entry.name).some((name) => wanted.has(name))) ids.push(entry._id)
    return ids
  }

  /** Category ids whose name, in any language, is one of `names` (an unknown name matches nothing). */
  categoryIds(shop: string, names: readonly unknown[]): Promise<string[]> {
    return this.namedIds('categories', shop, names)
  }

  /**
   * The shop's published banners of type `app` showing now (from `publish` until `expiry`), in order
   * (decision 0208): the installed app's banners. Website banners are not drawn by the theme.
   */
  async appBanners(shop: string, locale: LocaleId, now = Date.now()): Promise<AppBannerView[]> {
    const rows = (await this.app.service(servicePaths.banners).find({
      query: { shop, type: 'app', status: 'published', $sort: { order: 1, createdAt: -1 }, $limit: 20 },
      paginate: false
    } as never)) as Row[]
    const time = (value: unknown) => (value ? new Date(value as string).getTime() : undefined)
    return rows
      .filter((row) => (time(row.publish) ?? 0) <= now && (time(row.expiry) ?? Infinity) > now)
      .slice(0, 10)
      .map((row) => {
        const media = isRecord(row.media) && isRecord(row.media.attachment) ? row.media.attachment : undefined
        return {
          _id: String(row._id),
          name: pickTran(row.name, locale),
          ...(isRecord(row.image) ? { image: row.image } : {}),
          ...(media && typeof media.id === 'string' ? { video: media.id } : {}),
          ...(typeof row.url === 'string' && row.url ? { url: row.url } : {})
        }
      })
  }

  /** A product page's product: sold-out ones answer too, whatever the lists show (a link may be old). */
  async product(shop: string, id: string, locale: LocaleId, ui: CatalogueUi = DEFAULT_UI): Promise<Row | undefined> {
    if (!/^[0-9a-f]{24}$/.test(id)) return undefined
    const rows = (await this.app.service(servicePaths.products).find({
      query: { shop, _id: id, ...VISIBLE_PRODUCTS, $limit: 1 },
      paginate: false
    } as never)) as Row[]
    if (!rows[0]) return undefined
    const stock = Array.isArray(rows[0].skus) && rows[0].skus.length ? await this.skuStock(shop, id) : undefined
    return publicProduct(rows[0], await this.categories(shop), locale, {
      skuStock: stock,
      showStock: ui.showStock,
      currency: ui.currency
    })
  }

  /** What each SKU of a product has on hand across the shop's warehouses (quantity not reserved). */
  private async skuStock(shop: string, product: string): Promise<Map<string, number>> {
    const rows = (await this.app.service(servicePaths.stocks).find({
      query: { shop, product, $limit: 1000 },
      paginate: false
    } as never)) as Row[]
    const stock = new Map<string, number>()
    for (const row of rows) {
      const sku = String(row.sku ?? '')
      stock.set(sku, (stock.get(sku) ?? 0) + Number(row.quantity ?? 0) - Number(row.reserved ?? 0))
    }
    return stock
  }

  /**
   * The answer of a page's products source (`$fetch`, §3.15), narrowed by the listing's filters on a
   * collection page, where the shop's page size replaces the source's own. Category names become ids here
   * (our products keep ids). Sold-out products are left out when the shop hides them.
   */
  async products(
    shop: string,
    call: ServiceCall,
    locale: LocaleId,
    listing?: Listing,
    ui: CatalogueUi = DEFAULT_UI,
    /** A product page's own product: its lists ("You may also like") never show it (decision 0139). */
    except?: string
  ): Promise<Row[]> {
    if (call.path !== servicePaths.products) return []
    const { normalizedCategories, ...asked } = call.params.query
    const query: Row = { ...visibleProductsQuery(asked, ui.showSoldOut), shop }
    if (listing) query.$limit = ui.productsPerPage
    const names = [
      ...(isRecord(normalizedCategories) && Array.isArray(normalizedCategories.$in) ? [normalizedCategories.$in] : []),
      ...(listing?.category ? [[listing.category]] : [])
    ]
    // Each list of names narrows the answer: a source's categories and the visitor's choice both hold.
    const idSets = await Promise.all(names.map((list) => this.categoryIds(shop, list)))
    if (idSets.some((ids) => ids.length === 0)) return []
    if (idSets.length === 1) query.categories = { $in: idSets[0] }
    else if (idSets.length > 1) {
      const both = idSets[0].filter((id) => idSets.slice(1).every((ids) => ids.includes(id)))
      if (!both.length) return []
      query.categories = { $in: both }
    }
    // The visitor's brand or tag (a name in any language): an unknown one shows nothing, not everything.
    for (const [kind, field, name] of [
      ['brands', 'brand', listing?.brand],
      ['tags', 'tags', listing?.tag]
    ] as const) {
      if (!name) continue
      const ids = await this.namedIds(kind, shop, [name])
      if (!ids.length) return []
      query[field] = { $in: ids }
    }
    if (listing) {
      if (listing.q) query.$search = listing.q.slice(0, 100)
      if (listing.min !== undefined || listing.max !== undefined) {
        const range: Row = isRecord(query.price) ? { ...query.price } : {}
        if (listing.min !== undefined) range.$gte = listing.min
        if (listing.max !== undefined) range.$lte = listing.max
        query.price = range
      }
      if (listing.sort && isListingSort(listing.sort)) query.$sort = SORTS[listing.sort]
      if (listing.page && listing.page > 1) query.$skip = (listing.page - 1) * Number(query.$limit ?? 10)
    }
    // One more than asked, so leaving the page's own product out still fills the list.
    const limit = typeof query.$limit === 'number' ? query.$limit : undefined
    if (except && limit !== undefined) query.$limit = limit + 1
    const found = (await this.app.service(servicePaths.products).find({ query, paginate: false } as never)) as Row[]
    const rows = except ? found.filter((row) => row._id !== except).slice(0, limit) : found
    const categories = await this.categories(shop)
    return rows.map((row) =>
      publicProduct(row, categories, locale, { showStock: ui.showStock, listed: true, currency: ui.currency })
    )
  }
}

/**
 * A product page's product with its headline price the chosen SKU's (decision 0139): the SKU the picker
 * shows checked — the one asked for (`?sku=`) if it is in stock, else the first in stock, else the first —
 * and its sale price. A product without SKUs is as it was.
 */
export const withChosenSku = (product: Row, asked: string | undefined): Row => {
  const skus = Array.isArray(product.skus) ? product.skus.filter(isRecord) : []
  const chosen =
    skus.find((sku) => sku.id === asked && sku.inStock !== false) ?? skus.find((sku) => sku.inStock !== false) ?? skus[0]
  if (!chosen) return product
  return {
    ...product,
    price: chosen.price,
    dprice: chosen.dprice ?? '',
    priceCents: chosen.priceCents,
    dpriceCents: chosen.dpriceCents ?? null
  }
}
