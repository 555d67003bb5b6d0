import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'

export interface OrderEventInput {
  shop: string
  order: string
  user?: string | null
  action: 'created' | 'status' | 'payment' | 'refund' | 'ship' | 'edit' | 'split' | 'replaced' | 'void' | 'fulfil'
  from?: string | null
  to?: string | null
  detail?: Record<string, unknown> | null
}

/**
 * Writes an order's history entries (who, when, what) in the transaction that made the change, so
 * the history can never disagree with the order: both are kept or both rolled back.
 */
export const recordEvents = async (trx: Knex.Transaction, events: OrderEventInput[]) => {
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
}
