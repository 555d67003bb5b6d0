import type { Knex } from 'knex'
import type { CartLineInput } from './cart-input'
import { refuse } from './cart-input'

/** What the storefront sells: the shop's own products offered online (avail eshop or both) and on sale. */
export const STOREFRONT_AVAILS = ['eshop', 'both'] as const

/**
 * Every line must name a product the storefront shows (decision 0109). A draft, a counter-only or a
 * sold-out product, and any other shop's product, are refused alike, so the answer does not tell
 * which ids exist elsewhere.
 */
export const checkSellable = async (trx: Knex.Transaction, shop: string, lines: CartLineInput[]) => {
  const ids = [...new Set(lines.map((line) => line.product))]
  const rows = (await trx('products')
    .where({ shop, status: 'selling' })
    .whereIn('avail', [...STOREFRONT_AVAILS])
    .whereIn('_id', ids)
    .select('_id')) as { _id: string }[]
  const sellable = new Set(rows.map((row) => row._id))
  lines.forEach((line, i) => {
    if (!sellable.has(line.product))
      throw refuse(`lines.${i}.product`, 'This product is not available in the online shop', 'storefront.productUnavailable')
  })
}
