import type { Knex } from 'knex'
import type { LedgerEnv } from '../stock/moves'
import { loadPointType, lockCustomers, PointBook } from './book'

/** Customers per transaction: the sweep never holds one long transaction over a big shop. */
export const POINT_SWEEP_BATCH = 200

/**
 * The daily expiry sweep (decision 0091): customers holding valid lots whose expiry has passed, across
 * shops, a batch per transaction in customer order; each customer's lock is taken as for any move, and
 * opening their book expires the lots (a log row each). Runs as the owner. Answers how many customers
 * it looked at.
 */
export const sweepExpiredPoints = async (
  knex: Knex,
  options: { now?: Date; batch?: number; env?: LedgerEnv } = {}
): Promise<number> => {
  const now = options.now ?? new Date()
  const batch = options.batch ?? POINT_SWEEP_BATCH
  let seen = 0
  let after = ''
  for (;;) {
    const count = await knex.transaction(async (trx) => {
      const due = (await trx('shopUserPoints')
        .where({ status: 'valid' })
        .where('expiresAt', '<=', now)
        .where('user', '>', after)
        .groupBy('user', 'shop', 'pointType')
        .orderBy('user')
        .select('user', 'shop', 'pointType')
        .limit(batch)) as { user: string; shop: string; pointType: string }[]
      // A batch ends on a whole customer: the next one starts after them.
      const users = [...new Set(due.map((row) => row.user))]
      if (due.length === batch && users.length > 1) users.pop()
      for (const user of users) {
        const rows = due.filter((row) => row.user === user)
        const shop = rows[0].shop
        const customers = await lockCustomers(trx, shop, [{ id: user, field: 'user' }]).catch(() => null)
        if (!customers) continue
        for (const row of rows) {
          const type = await loadPointType(trx, shop, row.pointType).catch(() => null)
          if (!type) continue
          const book = await PointBook.open(trx, shop, customers.get(user)!, type, now)
          await book.close(options.env)
        }
      }
      if (users.length) after = users[users.length - 1]
      return users.length
    })
    seen += count
    if (count === 0) return seen
  }
}
