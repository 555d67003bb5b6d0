import type { Knex } from 'knex'
import { ChangeSet } from './changes'
import type { LedgerContext, LedgerResult, StockMove } from './moves'
import { moveStock } from './move-stock'

/**
 * The inventory's entry points for every service that moves stock (docs/decisions/0040): the
 * operations, restocks, and — inside their own transactions — orders and the POS through
 * reserve / commit / release. Nothing else writes `stocks`, `inventoryLogs` or lot quantities.
 */
export type { LedgerContext, LedgerEnv, LedgerResult, StockKey, StockMove } from './moves'
export { closeMany, commit, release, releaseExpired, reserve, reserveMany, type ReserveData } from './reservations'
export { rebuild, type RebuildReport } from './rebuild'

/** Moves stock inside `trx`; screens hear of it once `trx` commits. */
export const applyMoves = async (trx: Knex.Transaction, moves: StockMove[], ctx: LedgerContext): Promise<LedgerResult> => {
  const changes = new ChangeSet()
  const result = await moveStock(trx, moves, ctx, changes)
  changes.publishAfter(trx, ctx.env)
  return result
}
