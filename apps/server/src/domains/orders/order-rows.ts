import { NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { orderSchema, paymentSchema, type Order, type OrderLine } from '@emporia/shared'
import { asRecord } from '../stock/changes'
import type { CountCache } from '../../platform/records/count-cache'

export type OrderRow = Order & { products: OrderLine[] }

/** JSON columns go back as text (the driver stores objects as given). */
const JSON_FIELDS = new Set([
  'products',
  'methods',
  'ship',
  'customer',
  'linkOrders',
  'cancel',
  'coupons',
  'chosenDiscounts',
  'usePoints',
  'pricing',
  'shipping'
])
export const toColumns = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, JSON_FIELDS.has(key) && value !== null ? JSON.stringify(value) : value])
  )

/**
 * Locks an order for the rest of the transaction: every payment, refund and status move on one order
 * goes through this row, so 50 payments at once are taken one after another against what is still due.
 * Another shop's order is "not found", as any record outside the caller's shop.
 */
export const lockOrder = async (trx: Knex.Transaction, shop: string, id: string, field = 'order'): Promise<OrderRow> => {
  const row = (await trx('orders').where({ _id: id, shop }).forUpdate().first()) as OrderRow | undefined
  if (!row) throw new NotFound(`No record found for id '${id}'`, { field })
  return row
}

export const saveOrder = async (trx: Knex.Transaction, id: string, values: Record<string, unknown>): Promise<OrderRow> => {
  const [row] = (await trx('orders')
    .where({ _id: id })
    .update({ ...toColumns(values), updatedAt: trx.fn.now() })
    .returning('*')) as OrderRow[]
  return row
}

export const orderRecord = (row: Record<string, unknown>) => asRecord(orderSchema, row)
export const paymentRecord = (row: Record<string, unknown>) => {
  // The card client secret is for the customer's browser while a payment is pending, not for lists.
  const record = asRecord(paymentSchema, row)
  if (record.status !== 'pending') delete record.clientSecret
  return record
}

/**
 * The order tables are written here, not through the record service, so their list totals are made
 * stale here: once when the step starts and again once it has committed (as the record service does).
 */
export const staleOrderTotals = (counts: CountCache | undefined, shop: string) => {
  for (const table of ['orders', 'payments', 'orderHistory']) counts?.invalidate(table, [shop])
}
