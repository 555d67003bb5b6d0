import type { Knex } from 'knex'
import type { LedgerEnv } from '../ledger/stock-ledger'
import { newObjectId } from '../platform/object-id'

export interface OrderEventInput {
  shop: string
  order: string
  user?: string | null
  action: 'created' | 'status' | 'payment' | 'refund' | 'ship' | 'edit' | 'split' | 'replaced' | 'void' | 'fulfil'
  from?: string | null
  to?: string | null
  detail?: Record<string, unknown> | null
}

/** The tables an order's changes write: their list totals go stale with every change. */
const ORDER_TABLES = ['orders', 'payments', 'orderHistory']

/**
 * Writes an order's history entries (who, when, what) in the transaction that made the change, so
 * the history can never disagree with the order: both are kept or both rolled back. Every change to
 * an order or its payments goes through here, so this is also where the shop's order, payment and
 * history totals are marked stale — now, and again at commit, as the record service does for its own
 * writes (these services write outside it, so the count cache would otherwise keep answering the
 * totals from before the change).
 */
export const recordEvents = async (trx: Knex.Transaction, env: LedgerEnv | undefined, events: OrderEventInput[]) => {
  if (!events.length) return
  const now = new Date()
  await trx('orderHistory').insert(
    events.map((event) => ({
      _id: newObjectId(),
      shop: event.shop,
      order: event.order,
      date: now,
      user: event.user ?? null,
      action: event.action,
      from: event.from ?? null,
      to: event.to ?? null,
      detail: event.detail ? JSON.stringify(event.detail) : null
    }))
  )
  const counts = env?.counts
  if (!counts) return
  const shops = [...new Set(events.map((event) => event.shop))]
  const stale = () => {
    for (const table of ORDER_TABLES) counts.invalidate(table, shops)
  }
  stale()
  trx.executionPromise.then(stale, () => undefined)
}
