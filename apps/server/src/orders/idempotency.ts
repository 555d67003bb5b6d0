import type { Knex } from 'knex'

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
