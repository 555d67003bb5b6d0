import { NotFound } from '@feathersjs/errors'
import { isWeighted, multiplyCents } from '@emporia/shared'
import { badField, checkUnits } from '../stock/quantities'

/** What any order's line needs of its product: the catalogue's price, its SKUs, whether it is weighed. */
export interface LineProduct {
  _id: string
  name: unknown
  price: number
  skus?: { id: string; name: unknown; price?: number | null }[] | null
  weightType?: string | null
}

/** What an order line names of its product, as sent. */
export interface LineChoice {
  product: string
  sku?: string
  quantity: number
  name?: unknown
}

/** A line checked against its product: the SKU's id ('' for none), the units, the catalogue's price, the name. */
export interface CheckedLine<P extends LineProduct> {
  product: P
  sku: string
  quantity: number
  /** The SKU's price, else the product's: what the catalogue asks for one unit. */
  listed: number
  name: unknown
}

/**
 * One line of an order of any kind — a sale (decision 0078) or a business customer's or purchasing order
 * (decision 0085) — against the shop's own product, found or not (`undefined`): a product of this shop
 * and, when it has SKUs, one of them (none when it has none); whole units unless the goods are weighed —
 * 2.5 bags are refused, never rounded. Each refusal names its field under `at` (`products.2.sku`).
 */
export const checkLine = <P extends LineProduct>(product: P | undefined, line: LineChoice, at: string): CheckedLine<P> => {
  if (!product) throw new NotFound(`No record found for id '${line.product}'`, { field: `${at}.product` })
  const skus = product.skus ?? []
  const skuId = line.sku ?? ''
  const sku = skus.find((s) => s.id === skuId)
  if (skus.length ? !sku : skuId !== '')
    throw badField(`${at}.sku`, skus.length ? "Choose one of the product's SKUs" : 'This product has no SKUs')
  const quantity = checkUnits(line.quantity, `${at}.quantity`, isWeighted(product))
  return {
    product,
    sku: skuId,
    quantity,
    listed: sku?.price ?? product.price,
    name: line.name ?? (sku ? sku.name : product.name)
  }
}

/**
 * The line as the order keeps it: what was sent, with the checked SKU, name and units, the unit price
 * the order settled on and the warehouse; its total is price × quantity, once through multiplyCents.
 */
export const pricedLine = <L extends LineChoice>(
  line: L,
  checked: CheckedLine<LineProduct>,
  price: number,
  warehouse: string
) => ({
  ...line,
  sku: checked.sku,
  name: checked.name,
  price,
  quantity: checked.quantity,
  total: multiplyCents(price, checked.quantity),
  warehouse
})
