import type { Knex } from 'knex'
import type { CartLineInput } from './cart-input'
import { refuse } from './cart-input'

/** What the storefront sells: the shop's own products offered online (avail eshop or both) and on sale. */
export const STOREFRONT_AVAILS = ['eshop', 'both'] as const

/** A sellable product's names, for the cart's lines ("Tea · Large"). */
export interface SellableProduct {
  name: unknown
  skus: { id: string; name: unknown }[]
  /** Sold only to buyers of legal age while the shop's age gate is on (decision 0178). */
  ageRestricted?: boolean
}

/**
 * Every line must name a product the storefront shows (decision 0109). A draft, a counter-only or a
 * sold-out product, and any other shop's product, are refused alike, so the answer does not tell
 * which ids exist elsewhere. A product with SKUs takes one of its own SKUs, one without takes none
 * (decision 0115): a SKU of another product is refused on the line's `sku`.
 */
export const checkSellable = async (
  trx: Knex.Transaction,
  shop: string,
  lines: CartLineInput[]
): Promise<Map<string, SellableProduct>> => {
  const ids = [...new Set(lines.map((line) => line.product))]
  const rows = (await trx('products')
    .where({ shop, status: 'selling' })
    .whereIn('avail', [...STOREFRONT_AVAILS])
    .whereIn('_id', ids)
    .select('_id', 'name', 'skus', 'ageRestricted')) as {
    _id: string
    name: unknown
    skus: { id: string; name: unknown }[] | null
    ageRestricted: boolean | null
  }[]
  const sellable = new Map(
    rows.map((row) => [row._id, { name: row.name, skus: row.skus ?? [], ageRestricted: row.ageRestricted === true }])
  )
  lines.forEach((line, i) => {
    const product = sellable.get(line.product)
    if (!product)
      throw refuse(`lines.${i}.product`, 'This product is not available in the online shop', 'storefront.productUnavailable')
    if (product.skus.length ? !product.skus.some((sku) => sku.id === line.sku) : line.sku !== '')
      throw refuse(
        `lines.${i}.sku`,
        product.skus.length ? "Choose one of the product's options" : 'This product has no options',
        product.skus.length ? 'storefront.chooseSku' : 'storefront.noSkus'
      )
  })
  return sellable
}
