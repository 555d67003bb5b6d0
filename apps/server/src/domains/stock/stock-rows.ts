import { Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'
import type { Row, StockKey, StockMove } from './moves'
import { round3 } from './quantities'

export interface LockedStock {
  row: Row & { _id: string; quantity: number; reserved: number }
  created: boolean
}

const keyOf = (move: StockKey) => [move.shop, move.warehouse, move.product, move.sku]

/** The refusal a sale of more than is available gets (docs/decisions/0040), `available` read afresh. */
export const notEnough = async (db: Knex | Knex.Transaction, move: StockKey) => {
  const current = (await db('stocks')
    .where({ shop: move.shop, warehouse: move.warehouse, product: move.product, sku: move.sku })
    .first('quantity', 'reserved')) as { quantity: number; reserved: number } | undefined
  const available = current ? round3(current.quantity - current.reserved) : 0
  return new Conflict('Not enough stock', {
    key: 'errors.insufficientStock',
    product: move.product,
    sku: move.sku,
    warehouse: move.warehouse,
    available
  })
}

/**
 * The statement, then — in the same round trip — locks of the given products in id order. They
 * refer to the changed row, so they are taken only after the row's lock is held: the ledger's
 * lock order (stock rows, then products) holds, one round trip cheaper for the last stock row.
 */
const withLocks = (statement: string, bindings: unknown[], products: string[]) =>
  products.length
    ? {
        sql: `with s as (${statement})
          select s.*, array(select p._id from products p where p._id = any(?) and s._id is not null
                            order by p._id for no key update) as locked
          from s`,
        bindings: [...bindings, products]
      }
    : { sql: statement, bindings }

const run = async <T>(trx: Knex.Transaction, query: { sql: string; bindings: unknown[] }) =>
  ((await trx.raw(query.sql, query.bindings as Knex.RawBinding[])) as { rows: (T & { locked?: unknown })[] }).rows.map(
    ({ locked: _locked, ...row }) => row as T
  )

/**
 * Changes one stock row and keeps it locked until commit. A move that lowers what is available is
 * one conditional update: the database re-checks the condition on the newest row version after
 * waiting for the lock, so concurrent sales of the last units cannot oversell (docs/decisions/0040).
 * Anything else (restocks, commits, releases, or sales allowed below zero) is an upsert. With
 * `lockProducts`, the products are locked right after the row (see withLocks).
 */
export const lockStock = async (
  trx: Knex.Transaction,
  move: StockMove,
  allowBelowZero: boolean,
  lockProducts: string[] = []
): Promise<LockedStock> => {
  const delta = move.delta
  const reserved = move.reserved ?? 0
  if (delta - reserved < 0 && !allowBelowZero) {
    const rows = await run<LockedStock['row']>(
      trx,
      withLocks(
        `update stocks set quantity = quantity + ?, reserved = reserved + ?, "updatedAt" = now()
         where shop = ? and warehouse = ? and product = ? and sku = ? and quantity + ? - (reserved + ?) >= 0
         returning *`,
        [delta, reserved, ...keyOf(move), delta, reserved],
        lockProducts
      )
    )
    if (!rows.length) throw await notEnough(trx, move)
    return { row: rows[0], created: false }
  }
  const [{ inserted, ...row }] = await run<LockedStock['row'] & { inserted: boolean }>(
    trx,
    withLocks(
      `insert into stocks (_id, shop, warehouse, product, sku, quantity, reserved) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (warehouse, product, sku) do update
         set quantity = stocks.quantity + excluded.quantity, reserved = stocks.reserved + excluded.reserved, "updatedAt" = now()
       returning *, (xmax = 0) as inserted`,
      [newObjectId(), ...keyOf(move), delta, reserved],
      lockProducts
    )
  )
  return { row, created: inserted }
}
