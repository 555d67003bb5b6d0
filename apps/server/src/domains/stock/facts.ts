import { Forbidden, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { isWeighted } from '@emporia/shared'
import type { StockMove } from './moves'
import { badField, checkUnits } from './quantities'

export interface ProductFacts {
  _id: string
  shop: string
  skus?: { id: string }[] | null
  weightType?: string | null
  allowOutOfStock?: boolean | null
}

export interface ShopFacts {
  warehouses: Set<string>
  products: Map<string, ProductFacts>
  useInventoryLot: boolean
  posAllowOutOfStock: boolean
  /** The shop tracks stock (decision 0178): off, no move is refused for want of stock. */
  useInventory: boolean
}

const field = (move: StockMove, name: 'warehouse' | 'product' | 'sku' | 'quantity') => move.fields?.[name] ?? name

/**
 * What the ledger must know about one shop before it moves stock — its warehouses, products and
 * stock settings among those the moves name — in one round trip (this runs on every sale).
 * The warehouses are held with a key-share lock until commit (what a foreign key check takes; many
 * moves share it): a warehouse removal, which locks the row for update and then checks it is empty,
 * waits for moves already under way and is waited for by later ones, which then find no warehouse
 * (docs/decisions/0070). Taken first, before any stock row, so the two never wait on each other in a circle.
 */
export const loadShopFacts = async (trx: Knex.Transaction, shop: string, moves: StockMove[]): Promise<ShopFacts> => {
  const warehouses = [...new Set(moves.map((m) => m.warehouse))]
  const products = [...new Set(moves.map((m) => m.product))]
  const { rows } = (await trx.raw(
    `select
       (select coalesce(json_agg(w._id), '[]'::json) from (
          select _id from warehouses where shop = ? and _id = any(?) order by _id for key share) w) as warehouses,
       (select coalesce(json_agg(p), '[]'::json) from (
          select _id, shop, skus, "weightType", "allowOutOfStock" from products where shop = ? and _id = any(?)) p) as products,
       (select row_to_json(s) from (select "useInventoryLot", "posAllowOutOfStock", "useInventory" from shops where _id = ?) s) as settings`,
    [shop, warehouses, shop, products, shop]
  )) as { rows: { warehouses: string[]; products: ProductFacts[]; settings: Record<string, boolean> | null }[] }
  const [row] = rows
  if (!row.settings) throw new NotFound('No such shop')
  return {
    warehouses: new Set(row.warehouses),
    products: new Map(row.products.map((p) => [p._id, p])),
    useInventoryLot: row.settings.useInventoryLot === true,
    posAllowOutOfStock: row.settings.posAllowOutOfStock === true,
    useInventory: row.settings.useInventory !== false
  }
}

/**
 * Refuses a move the shop cannot make: a warehouse of another shop (403, as any record of another
 * shop: no telling whether it exists), a product not the shop's own, a SKU the product does not
 * have, or a quantity in units the product is not counted in. Answers the moves with exact amounts.
 */
export const checkMove = (move: StockMove, facts: ShopFacts): StockMove => {
  if (!facts.warehouses.has(move.warehouse))
    throw new Forbidden('No Permission', { key: 'errors.noPermission', field: field(move, 'warehouse') })
  const product = facts.products.get(move.product)
  if (!product) throw new NotFound(`No record found for id '${move.product}'`, { field: field(move, 'product') })
  const skus = product.skus ?? []
  const skuOk = move.carry === true || (skus.length ? skus.some((sku) => sku.id === move.sku) : move.sku === '')
  if (!skuOk)
    throw badField(
      field(move, 'sku'),
      skus.length ? `"${field(move, 'sku')}" must be one of the product's SKUs` : 'This product has no SKUs'
    )
  const weighted = isWeighted(product)
  const amount = (value: number | undefined) =>
    value ? Math.sign(value) * checkUnits(Math.abs(value), field(move, 'quantity'), weighted) : 0
  return { ...move, delta: amount(move.delta), reserved: amount(move.reserved) }
}
