import type { Knex } from 'knex'
import { shippingPrice, type ShippingMethod } from '@emporia/shared'
import { refuse } from './cart-input'

export interface ShippingQuote {
  _id: string
  name: ShippingMethod['name']
  desc: ShippingMethod['desc'] | null
  /** The fee for this order total (cents), by the method's price ranges (spec §3.13). */
  fee: number
}

type MethodRow = Pick<ShippingMethod, '_id' | 'name' | 'desc' | 'price' | 'priceRanges'>

const quote = (row: MethodRow, total: number): ShippingQuote => ({
  _id: row._id,
  name: row.name,
  desc: row.desc ?? null,
  fee: shippingPrice({ price: Number(row.price), priceRanges: row.priceRanges ?? [] }, total)
})

/** The shop's enabled shipping methods in their order, each priced for the goods' total. */
export const shippingQuotes = async (trx: Knex.Transaction, shop: string, total: number): Promise<ShippingQuote[]> => {
  const rows = (await trx('shippingMethods')
    .where({ shop, enabled: true })
    .orderByRaw('"order" asc nulls last')
    .orderBy('_id')
    .select('_id', 'name', 'desc', 'price', 'priceRanges')) as MethodRow[]
  return rows.map((row) => quote(row, total))
}

/** One enabled method of the shop priced for the total; any other id is 400 on `shippingMethod`. */
export const shippingQuote = async (trx: Knex.Transaction, shop: string, id: string, total: number): Promise<ShippingQuote> => {
  const row = (await trx('shippingMethods')
    .where({ shop, enabled: true, _id: id })
    .first('_id', 'name', 'desc', 'price', 'priceRanges')) as MethodRow | undefined
  if (!row) throw refuse('shippingMethod', 'This delivery method is not available', 'storefront.noSuchShipping')
  return quote(row, total)
}
