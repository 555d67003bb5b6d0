import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'
import type { Piece } from './lots'
import type { LedgerContext, Row, StockMove } from './moves'
import { round3 } from './quantities'
import type { LockedStock } from './stock-rows'

/** One ledger record of a move: `delta` of it (one lot piece, or the whole move), `quantity` on hand after. */
export const ledgerRecord = (
  move: StockMove,
  ctx: LedgerContext,
  piece: Pick<Piece, 'delta' | 'lot'>,
  quantity: number,
  now = new Date().toISOString()
): Row => ({
  _id: newObjectId(),
  shop: move.shop,
  warehouse: move.warehouse,
  product: move.product,
  sku: move.sku,
  type: move.type,
  delta: piece.delta,
  quantity,
  source: ctx.source,
  status: 'done',
  lot: piece.lot?._id ?? null,
  counterpart: move.counterpart ?? null,
  user: ctx.user ?? null,
  comment: ctx.comment ?? null,
  createdAt: now,
  updatedAt: now
})

/** A move's ledger records (one per lot piece), each with the on-hand quantity after it. */
export const ledgerRecords = (move: StockMove, stock: LockedStock, pieces: Piece[], ctx: LedgerContext): Row[] => {
  let after = round3(stock.row.quantity - move.delta)
  const now = new Date().toISOString()
  return pieces.map((piece) => {
    after = round3(after + piece.delta)
    return ledgerRecord(move, ctx, piece, after, now)
  })
}

/** The records as `inventoryLogs` rows (JSON columns as JSON text). */
export const ledgerRows = (records: Row[]) =>
  records.map((record) => ({
    ...record,
    source: JSON.stringify(record.source),
    counterpart: record.counterpart ? JSON.stringify(record.counterpart) : null
  }))

/** Writes one shop's ledger records (built here: nothing needs to come back). */
export const insertLedger = async (trx: Knex.Transaction, records: Row[]) => {
  if (records.length) await trx('inventoryLogs').insert(ledgerRows(records))
}
