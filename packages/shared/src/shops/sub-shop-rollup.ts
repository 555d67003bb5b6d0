import type { ServiceQuery } from '../platform/service-query'

/**
 * The parent shop's read-only roll-up of its sub-shops (spec §2.4 item 14; decision 0087).
 * A sub-shop entry (`subShops`, a member with the subshop role) is linked to the sub-shop's own shop
 * when its account accepts the invitation naming a shop it administers; the parent then sees that
 * shop's paid sales and stock, never more, and nothing of a shop it is not (or no longer) linked to.
 */

/** Paid sales of one sub-shop over the range (the sub-shop's sales rollup, decision 0082). */
export interface SubShopSales {
  /** Orders that became paid in the range. */
  orders: number
  /** Takings in cents: what paid orders took, before refunds. */
  gross: number
  /** Refunded in the range, in cents (a positive number). */
  refunds: number
  /** gross − refunds, in cents: the rollup's total. */
  net: number
}

/** Stock of one sub-shop now, over all its warehouses (its ledger's stock rows). */
export interface SubShopStock {
  /** Products with a stock row. */
  products: number
  /** Units on hand (weighted products count their weight, up to three decimals). */
  onHand: number
  /** Units held for orders not yet fulfilled. */
  reserved: number
  /** On-hand units at cost (the SKU's cost price, else the product's), in cents; no cost counts 0. */
  value: number
}

/** One sub-shop entry of the parent with its figures; an entry without a linked shop has none. */
export interface SubShopRollupRow {
  /** The sub-shop entry's id (`subShops`). */
  _id: string
  name: string
  email: string
  accepted: boolean
  /** The linked shop's id, when the sub-shop's account linked one. */
  subShop: string | null
  /** The linked shop's own name (as stored: a text or one per language). */
  shopName?: unknown
  sales?: SubShopSales
  stock?: SubShopStock
}

export interface SubShopRollup {
  /** The parent shop asked about. */
  shop: string
  from: string
  to: string
  data: SubShopRollupRow[]
  /** The sums over every linked sub-shop. */
  totals: { sales: SubShopSales; stock: SubShopStock }
}

/** `subShops/summary find {from, to}`: dates (local midnights of each sub-shop's zone) or ISO moments. */
export type SubShopRollupQuery = ServiceQuery<{ from: string; to: string }>

/** One stock row of a sub-shop as its parent sees it (read-only). */
export type SubShopStockRow = {
  _id: string
  warehouse: string
  /** The warehouse's name as stored (a text or one per language). */
  warehouseName: unknown
  product: string
  /** The product's name as stored (a text or one per language). */
  productName: unknown
  sku: string
  /** The SKU's name as stored, when the row is a SKU's. */
  skuName?: unknown
  quantity: number
  reserved: number
}

/**
 * A page of one sub-shop's stock: `shop` is the parent, `subShop` the linked shop read (null, and no
 * rows, while the entry links none or its link no longer holds).
 */
export interface SubShopStockPage {
  shop: string
  subShop: string | null
  total: number
  limit: number
  skip: number
  data: SubShopStockRow[]
}

/** `subShops/stocks find {subShop, $skip?, $limit?}`: `subShop` is the entry's id. */
export type SubShopStockQuery = ServiceQuery<{ subShop: string; $skip?: number; $limit?: number }>

/** Figures of no sales and no stock, to start sums from. */
export const emptySubShopSales = (): SubShopSales => ({ orders: 0, gross: 0, refunds: 0, net: 0 })
export const emptySubShopStock = (): SubShopStock => ({ products: 0, onHand: 0, reserved: 0, value: 0 })

const thousandths = (n: number) => Math.round(n * 1000) / 1000

/** Adds one sub-shop's figures to running totals (quantities kept to three decimals). */
export const addSubShopFigures = (
  totals: { sales: SubShopSales; stock: SubShopStock },
  row: Pick<SubShopRollupRow, 'sales' | 'stock'>
) => {
  if (row.sales) {
    totals.sales.orders += row.sales.orders
    totals.sales.gross += row.sales.gross
    totals.sales.refunds += row.sales.refunds
    totals.sales.net += row.sales.net
  }
  if (row.stock) {
    totals.stock.products += row.stock.products
    totals.stock.onHand = thousandths(totals.stock.onHand + row.stock.onHand)
    totals.stock.reserved = thousandths(totals.stock.reserved + row.stock.reserved)
    totals.stock.value += row.stock.value
  }
  return totals
}
