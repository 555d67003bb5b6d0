/*
 * The till's catalogue (decision 0094): `pos/catalogue find {shop, since?}` answers every product the
 * POS may sell in a compact, column-light form, so 100,000 products load in one request and a scan is
 * a map lookup in the browser. `since` (an updatedAt) answers only what changed, with removed ids.
 * Products are the shop's own (not those shared from other shops, which its orders cannot sell), by _id.
 */

export interface PosCatalogueSku {
  id: string
  code?: string | null
  name?: unknown
  price?: number | null
}

export interface PosCatalogueProduct {
  _id: string
  name: unknown
  price: number
  posCode?: string | null
  code?: string | null
  categories: string[]
  brand?: string | null
  tags?: string[]
  skus?: PosCatalogueSku[]
  weightType?: 'none' | 'weighted'
  weightUnit?: string | null
  image?: string | null
  status?: string
  /** Sold only to a customer of legal age (spec §3.7): the till asks when it is added (decision 0196). Left out when false. */
  ageRestricted?: boolean | null
}

/**
 * The lean form's row (decision 0144): one JSON array per product, its fields in this order (null for
 * what the product lacks), so the names are not repeated 100,000 times. The server builds the arrays in
 * SQL in this order; the till reads them by it.
 */
export const POS_ROW_FIELDS = [
  '_id',
  'name',
  'price',
  'posCode',
  'categories',
  'brand',
  'tags',
  'skus',
  'weightType',
  'weightUnit',
  'image',
  'status',
  'ageRestricted'
] as const

export interface PosCatalogue {
  /** The shop whose catalogue this is. */
  shop: string
  /**
   * How many products the POS may sell now. With `since`, after applying `products` and `removed` to
   * its copy the till must hold exactly this many: more means products were deleted outright (which
   * leaves no trace to report), and the till loads the whole catalogue again.
   */
  total: number
  /** The newest updatedAt included: the next call's `since`. */
  version: string | null
  products: PosCatalogueProduct[]
  /** With `since`: products changed since then that the POS may no longer sell (draft, discontinued, not for the POS). */
  removed: string[]
  categories: { _id: string; name: unknown; parent?: string | null; order?: number }[]
}
