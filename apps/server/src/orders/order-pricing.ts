import { NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { isWeighted, multiplyCents, roundOrder, type OrderLine } from '@emporia/shared'
import { badField, checkUnits } from '../ledger/quantities'
import type { CheckoutSettings } from './checkout-settings'

interface ProductRow {
  _id: string
  name: unknown
  price: number
  skus?: { id: string; name: unknown; price?: number | null }[] | null
  weightType?: string | null
  categories?: string[] | null
  category?: string | null
}

export interface PricedLine extends OrderLine {
  sku: string
  price: number
  total: number
  warehouse: string
  /** For the sales rollup: the categories the line's product is in. */
  categories: string[]
}

export interface PricedOrder {
  lines: PricedLine[]
  subtotal: number
  discount: number
  rounding: number
  total: number
}

/**
 * Prices an order's lines from the shop's own products (decision 0078): a line names a product of
 * this shop and, when the product has SKUs, one of them; its price is the SKU's, else the product's,
 * unless staff gave one; units are whole unless the goods are weighed (never rounded: 2.5 bags are
 * refused). Totals are integer cents: each line once through multiplyCents, then the shop's rounding.
 */
export const priceOrder = async (
  trx: Knex.Transaction,
  shop: string,
  input: { products: OrderLine[]; discount?: number; warehouse?: string | null },
  settings: CheckoutSettings,
  fallbackWarehouse: string | null
): Promise<PricedOrder> => {
  const ids = [...new Set(input.products.map((line) => line.product))]
  const rows = (await trx('products')
    .where({ shop })
    .whereIn('_id', ids)
    .select('_id', 'name', 'price', 'skus', 'weightType', 'categories', 'category')) as ProductRow[]
  const products = new Map(rows.map((row) => [row._id, row]))
  const lines = input.products.map((line, i): PricedLine => {
    const product = products.get(line.product)
    if (!product) throw new NotFound(`No record found for id '${line.product}'`, { field: `products.${i}.product` })
    const skus = product.skus ?? []
    const skuId = line.sku ?? ''
    const sku = skus.find((s) => s.id === skuId)
    if (skus.length ? !sku : skuId !== '')
      throw badField(`products.${i}.sku`, skus.length ? "Choose one of the product's SKUs" : 'This product has no SKUs')
    const quantity = checkUnits(line.quantity, `products.${i}.quantity`, isWeighted(product))
    const price = line.price ?? sku?.price ?? product.price
    const warehouse = line.warehouse ?? input.warehouse ?? fallbackWarehouse
    if (!warehouse) throw badField(`products.${i}.warehouse`, 'Choose the warehouse the goods come from', 'order.noWarehouse')
    const categories = [...new Set([...(product.categories ?? []), ...(product.category ? [product.category] : [])])]
    return {
      ...line,
      sku: skuId,
      name: line.name ?? (sku ? sku.name : product.name),
      price,
      quantity,
      total: multiplyCents(price, quantity),
      warehouse,
      categories
    } as PricedLine
  })
  const sum = lines.reduce((total, line) => total + line.total, 0)
  const discount = input.discount ?? 0
  if (discount > sum) throw badField('discount', 'The discount is larger than the order', 'order.discountTooLarge')
  const rounded = roundOrder(sum, discount, settings)
  return { lines, subtotal: sum, discount, rounding: rounded.rounding, total: rounded.total }
}

/** The warehouse an order takes goods from when it names none: the channel's, then the shop's first. */
export const defaultWarehouse = async (trx: Knex.Transaction, shop: string, source: string, settings: CheckoutSettings) => {
  const preferred = source === 'pos' ? settings.posWarehouse : source === 'eshop' ? settings.eshopWarehouse : null
  if (preferred) return preferred
  const first = (await trx('warehouses').where({ shop }).orderBy('createdAt').orderBy('_id').first('_id')) as
    { _id: string } | undefined
  return first?._id ?? null
}
