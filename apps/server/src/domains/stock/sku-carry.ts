import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { LedgerContext, Row, StockKey, StockMove } from './moves'
import { round3 } from './quantities'
import { applyMoves } from './stock-ledger'

/** Stock keys whose balances move to one key when a product's SKUs change shape (docs/decisions/0070). */
export interface SkuCarry {
  from: string[]
  to: string
}

const skuIds = (product: Row | undefined) =>
  (Array.isArray(product?.skus) ? (product.skus as Row[]) : []).map((sku) => String(sku.id))

/**
 * Where a write moves a product's stock: its first SKUs take what it held without any (the stock of
 * the "no SKU" line goes to the first SKU), and dropping its last SKUs brings their stock back to
 * the product itself. Any other change of SKUs moves nothing (removing a SKU that holds stock is
 * refused by the product rules).
 */
export const skuCarry = (before: Row | undefined, after: Row): SkuCarry | undefined => {
  if (!before) return undefined
  const was = skuIds(before)
  const now = skuIds(after)
  if (!was.length && now.length) return { from: [''], to: now[0] }
  if (was.length && !now.length) return { from: was, to: '' }
  return undefined
}

type StockRow = StockKey & { quantity: number | string; reserved: number | string }

/**
 * Moves the balances through the ledger, in the write's transaction: per warehouse, a `transfer`
 * out of the old key and into the new one (source `skuChange`, the product), lots following, so
 * every total stays as it was. Stock held for orders cannot move (their reservations name the old
 * key): 400 `errors.stockReserved`. The stock rows were locked before the product (the ledger's order).
 */
export const carrySkuStock = async (
  trx: Knex.Transaction,
  product: { _id: string; shop: string },
  carry: SkuCarry,
  ctx: Omit<LedgerContext, 'source'>
) => {
  const rows = (await trx('stocks')
    .where({ shop: product.shop, product: product._id })
    .whereIn('sku', carry.from)
    .orderBy(['warehouse', 'sku'])
    .select('shop', 'warehouse', 'product', 'sku', 'quantity', 'reserved')) as StockRow[]
  const reserved = round3(rows.reduce((sum, row) => sum + Number(row.reserved), 0))
  if (reserved !== 0)
    throw new BadRequest('Orders still hold stock of this product reserved; finish or release them first', {
      key: 'errors.stockReserved',
      values: { quantity: reserved },
      field: 'skus'
    })
  const moves: StockMove[] = []
  for (const row of rows) {
    const quantity = round3(Number(row.quantity))
    if (quantity === 0) continue
    const from: StockKey = { shop: row.shop, warehouse: row.warehouse, product: row.product, sku: row.sku }
    const to: StockKey = { ...from, sku: carry.to }
    moves.push({ ...from, delta: -quantity, type: 'transfer', counterpart: to, carry: true })
    // Lots follow what leaves; a balance below zero has none to give.
    const given = quantity > 0 ? { from: moves.length - 1 } : {}
    moves.push({ ...to, delta: quantity, type: 'transfer', counterpart: from, carry: true, ...given })
  }
  if (moves.length) await applyMoves(trx, moves, { ...ctx, source: { type: 'skuChange', id: product._id } })
}
