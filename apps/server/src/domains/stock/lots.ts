import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'
import type { ChangeSet } from './changes'
import type { Row, StockMove } from './moves'
import { round3 } from './quantities'

/** Part of a move that one lot (or no lot) accounts for; each becomes one ledger row. */
export interface Piece {
  lot: (Row & { _id: string }) | null
  delta: number
}

type LotRow = Row & { _id: string; quantity: number; entryDate: string; expiryDate?: string | null }

/**
 * Takes `amount` from the key's lots: earliest expiry first, no expiry last, then oldest entry
 * (docs/decisions/0040). The stock row is already locked, so no one else changes these lots now.
 * What the lots do not cover (stock from before lots were switched on, or sold below zero) is a
 * piece without a lot.
 */
export const consumeLots = async (trx: Knex.Transaction, move: StockMove, amount: number, changes: ChangeSet) => {
  const lots = (await trx('inventoryLots')
    .where({ shop: move.shop, warehouse: move.warehouse, product: move.product, sku: move.sku })
    .whereIn('status', ['active', 'expired'])
    .where('quantity', '>', 0)
    .orderByRaw('"expiryDate" asc nulls last, "entryDate" asc, _id asc')) as LotRow[]
  const pieces: Piece[] = []
  let left = amount
  for (const lot of lots) {
    if (left <= 0) break
    const take = round3(Math.min(lot.quantity, left))
    const [row] = (await trx('inventoryLots')
      .where({ _id: lot._id })
      .update({
        quantity: trx.raw('quantity - ?', [take]),
        status: trx.raw(`case when quantity - ? <= 0 then 'empty' else status end`, [take]),
        updatedAt: trx.fn.now()
      })
      .returning('*')) as LotRow[]
    changes.lot(row, false)
    pieces.push({ lot: row, delta: -take })
    left = round3(left - take)
  }
  if (left > 0) pieces.push({ lot: null, delta: -left })
  return pieces
}

/**
 * Opens the lots an incoming move brings: a restock's own lot, or — for goods moved from another
 * stock — one lot per lot they were taken from, with its dates, supplier and price per unit
 * (divided by the ratio when one box becomes several units).
 */
export const openLots = async (
  trx: Knex.Transaction,
  move: StockMove,
  taken: Piece[] | undefined,
  changes: ChangeSet
): Promise<Piece[]> => {
  const ratio = move.ratio ?? 1
  const base = { shop: move.shop, warehouse: move.warehouse, product: move.product, sku: move.sku, status: 'active' }
  const now = new Date().toISOString()
  const parts: { quantity: number; from: Row | null }[] = taken
    ? taken.map((piece) => ({ quantity: round3(-piece.delta * ratio), from: piece.lot }))
    : [{ quantity: move.delta, from: null }]
  // Per-lot rounding must still add up to the move.
  const rest = round3(move.delta - parts.slice(0, -1).reduce((sum, part) => sum + part.quantity, 0))
  parts[parts.length - 1].quantity = rest
  const rows = parts
    .filter((part) => part.quantity > 0)
    .map(({ quantity, from }) => {
      const own = move.lot ?? {}
      const unitPrice = from?.unitPrice ?? own.unitPrice
      return {
        ...base,
        _id: (!from && own._id) || newObjectId(),
        inventory: from ? (from.inventory ?? null) : (own.inventory ?? null),
        entryDate: from ? from.entryDate : (own.entryDate ?? now),
        expiryDate: from ? (from.expiryDate ?? null) : (own.expiryDate ?? null),
        supplier: from ? (from.supplier ?? null) : (own.supplier ?? null),
        unitPrice: typeof unitPrice === 'number' ? Math.round(unitPrice / (from ? ratio : 1)) : null,
        originalQuantity: quantity,
        quantity
      }
    })
  if (!rows.length) return []
  const created = (await trx('inventoryLots').insert(rows).returning('*')) as LotRow[]
  for (const row of created) changes.lot(row, true)
  return created.map((row) => ({ lot: row, delta: row.quantity }))
}
