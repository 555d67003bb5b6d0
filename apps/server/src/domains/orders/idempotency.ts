import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { OrderData } from '@emporia/shared'

/**
 * A retried create finds the first one's record (decision 0078). The key is locked for the rest of
 * the transaction before looking, so two copies sent at once are taken one after the other: the
 * second waits, then sees the first's committed row (or, if the first rolled back, goes ahead itself).
 * The tables' unique (shop, idempotencyKey) indexes stay the last line of defence.
 */
export const findIdempotent = async <T>(
  trx: Knex.Transaction,
  table: 'orders' | 'payments',
  shop: string,
  key: string | null | undefined
): Promise<T | undefined> => {
  if (!key) return undefined
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`${table}:${shop}:${key}`])
  return (await trx(table).where({ shop, idempotencyKey: key }).first()) as T | undefined
}

/**
 * The storefront's checkout keys its orders `storefront:<the browser's key>` (place-order.ts) and hands
 * a retry the order's secret link. A key of that namespace sent by staff could be replayed by the
 * storefront to hand out their order's link, so it is the storefront's alone (decision 0117).
 */
export const STOREFRONT_KEY_PREFIX = 'storefront:'

export const checkStaffKey = (key: string | null | undefined) => {
  if (key?.startsWith(STOREFRONT_KEY_PREFIX))
    throw new BadRequest('Retry keys starting with "storefront:" are kept for the online shop', {
      key: 'order.idempotencyKeyReserved',
      field: 'idempotencyKey'
    })
}

type StoredLine = { product: string; sku?: string | null; quantity: number | string; price?: number | string | null }

/**
 * A replay must be the same order (decision 0096): a till that reused a key for another cart would
 * otherwise be told "done" about a sale it never made. Source and lines (product, SKU, quantity, and a
 * price when one was sent) must match the first; payments are not compared, since the first order's
 * payments and later refunds are what it now has. 409 `order.idempotencyMismatch` otherwise.
 */
export const checkReplay = (order: { source: string; products: StoredLine[] | string }, data: OrderData) => {
  const stored = (typeof order.products === 'string' ? JSON.parse(order.products) : order.products) as StoredLine[]
  const same =
    order.source === data.source &&
    stored.length === data.products.length &&
    data.products.every((line, i) => {
      const first = stored[i]
      return (
        first.product === line.product &&
        (first.sku ?? '') === (line.sku ?? '') &&
        Number(first.quantity) === Number(line.quantity) &&
        (line.price === undefined || Number(first.price) === line.price)
      )
    })
  if (!same)
    throw new Conflict('This idempotencyKey was used for another order', {
      key: 'order.idempotencyMismatch',
      field: 'idempotencyKey'
    })
}
