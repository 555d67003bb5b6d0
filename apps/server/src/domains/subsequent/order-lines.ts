import { NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { subsequentTotals, type SubsequentOrderLine, type SubsequentPayment } from '@emporia/shared'
import { badField } from '../stock/quantities'
import { checkLine, pricedLine, type LineProduct } from '../orders/order-line'
import type { SubsequentKind } from './kinds'

export interface PricedLine extends SubsequentOrderLine {
  sku: string
  price: number
  total: number
  warehouse: string
}

/**
 * An order's lines against the shop's own products and warehouses (decision 0085): each line checked
 * against its product as every order's is (orders/order-line.ts); a warehouse of this shop (the line's,
 * else the order's, else the shop's first). A bulk order's price defaults to the SKU's or product's price; a purchasing order's
 * is the cost and must be given. Each line's total is price × quantity, once through multiplyCents.
 */
export const priceLines = async (
  trx: Knex.Transaction,
  kind: SubsequentKind,
  shop: string,
  lines: SubsequentOrderLine[],
  orderWarehouse: string | null | undefined
): Promise<{ lines: PricedLine[]; warehouse: string }> => {
  const ids = [...new Set(lines.map((line) => line.product))]
  const wanted = [...new Set([orderWarehouse, ...lines.map((line) => line.warehouse)].filter((w): w is string => Boolean(w)))]
  const { rows } = (await trx.raw(
    `select
       (select coalesce(json_agg(p), '[]'::json) from (
          select _id, name, price, skus, "weightType" from products where shop = ? and _id = any(?)) p) as products,
       (select coalesce(json_agg(w._id), '[]'::json) from (
          select _id from warehouses where shop = ? and _id = any(?)) w) as warehouses,
       (select _id from warehouses where shop = ? order by "createdAt", _id limit 1) as first`,
    [shop, ids, shop, wanted, shop]
  )) as { rows: { products: LineProduct[]; warehouses: string[]; first: string | null }[] }
  const products = new Map(rows[0].products.map((row) => [row._id, row]))
  const warehouses = new Set(rows[0].warehouses)
  const checkWarehouse = (id: string, field: string) => {
    if (!warehouses.has(id)) throw new NotFound(`No record found for id '${id}'`, { field })
    return id
  }
  const fallback = orderWarehouse ? checkWarehouse(orderWarehouse, 'warehouse') : rows[0].first
  const priced = lines.map((line, i): PricedLine => {
    const at = `products.${i}`
    const checked = checkLine(products.get(line.product), line, at)
    const price = line.price ?? (kind.type === 'sell' ? checked.listed : undefined)
    if (price === undefined) throw badField(`${at}.price`, 'Enter the unit cost', 'subsequent.priceRequired')
    const warehouse = line.warehouse ? checkWarehouse(line.warehouse, `${at}.warehouse`) : fallback
    if (!warehouse) throw badField(`${at}.warehouse`, 'Choose the warehouse', 'subsequent.noWarehouse')
    return pricedLine(line, checked, price, warehouse)
  })
  return { lines: priced, warehouse: fallback ?? priced[0].warehouse }
}

export interface OrderTotals {
  amount: number
  paymentAmount: number
  shortage: number
}

/**
 * The order's money in cents, by the shared rule the editor's live summary uses (subsequentTotals);
 * payments may be partial but never add up to more than the amount.
 */
export const totalsOf = (lines: PricedLine[], payments: SubsequentPayment[]): OrderTotals => {
  const { totalAmount: amount, totalPayment: paymentAmount, shortage, overpaid } = subsequentTotals({ products: lines, payments })
  if (overpaid > 0)
    throw badField('payments', 'The payments add up to more than the order amount', 'subsequent.overpaid', {
      amount,
      paid: paymentAmount
    })
  return { amount, paymentAmount, shortage }
}
