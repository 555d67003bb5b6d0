import type { Knex } from 'knex'
import type { ProductInventory } from '@emporia/shared'
import type { StockSelection } from './product-search'

type Row = Record<string, unknown>

// Weighted goods have three decimals: sums are kept in thousandths so 0.1 + 0.2 stays 0.3.
const add = (a: number, b: number) => Math.round((a + b) * 1000) / 1000

/**
 * Adds the derived stock to products as the API returns them (spec §3.7 inventories[]): one query
 * for the whole page, never one per product. Only the caller's shop's stock is shown (its own
 * warehouses), on PGlite as behind PostgreSQL's row-security wall.
 */
export const attachStock = async (db: Knex, products: Row[], want: StockSelection, shop?: string) => {
  if (!products.length || (!want.inventories && !want.skus)) return
  const q = db('stocks')
    .select('product', 'warehouse', 'sku', 'quantity', 'reserved')
    .whereIn(
      'product',
      products.map((product) => String(product._id))
    )
    .orderBy(['product', 'warehouse', 'sku'])
  if (shop) q.where('shop', shop)
  const rows = (await q) as (ProductInventory & { product: string })[]
  const byProduct = new Map<string, ProductInventory[]>()
  for (const { product, warehouse, sku, quantity, reserved } of rows) {
    const list = byProduct.get(product) ?? []
    list.push({ warehouse, sku, quantity: Number(quantity), reserved: Number(reserved) })
    byProduct.set(product, list)
  }
  applyStock(products, byProduct, want)
}

/**
 * The stock of each product as one JSON column of the product's own statement (the caller's shop's
 * rows, in the order attachStock reads them): a page and its stock in one statement behind the wall.
 */
export const STOCK_COLUMN = '__stock'
export const stockColumnSql = `(select coalesce(json_agg(json_build_object('warehouse', s.warehouse, 'sku', s.sku,
  'quantity', s.quantity, 'reserved', s.reserved) order by s.warehouse, s.sku), '[]'::json)
  from stocks s where s.product = products."_id" and s.shop = ?) as "${STOCK_COLUMN}"`

/** Takes the stock column off rows read with stockColumnSql and adds their stock as attachStock does. */
export const takeStockColumn = (products: Row[], want: StockSelection) => {
  const byProduct = new Map<string, ProductInventory[]>()
  for (const product of products) {
    const entries = (product[STOCK_COLUMN] ?? []) as ProductInventory[]
    delete product[STOCK_COLUMN]
    byProduct.set(
      String(product._id),
      entries.map(({ warehouse, sku, quantity, reserved }) => ({
        warehouse,
        sku,
        quantity: Number(quantity),
        reserved: Number(reserved)
      }))
    )
  }
  applyStock(products, byProduct, want)
}

const applyStock = (products: Row[], byProduct: Map<string, ProductInventory[]>, want: StockSelection) => {
  for (const product of products) {
    const inventories = byProduct.get(String(product._id)) ?? []
    if (want.inventories) product.inventories = inventories
    if (want.skus && Array.isArray(product.skus)) {
      product.skus = (product.skus as Row[]).map((sku) => ({
        ...sku,
        quantity: inventories.filter((entry) => entry.sku === sku.id).reduce((sum, entry) => add(sum, entry.quantity), 0)
      }))
    }
  }
}
