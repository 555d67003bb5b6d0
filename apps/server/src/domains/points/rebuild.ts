import type { Knex } from 'knex'
import type { PointLotSource, PointReason, UserPointStatus } from '@emporia/shared'
import { shopTransaction } from '../../platform/tenancy'
import { expiryOf, loadPointType, lockCustomers, lotOf, statusAfter, type Row } from './book'

/** Customers per transaction. */
export const POINT_REBUILD_BATCH = 200

export interface PointDifference {
  shop: string
  customer: string
  /** The lot corrected, or null for the customer's total (shopUsers.points). */
  lot: string | null
  was: { point: number; used: number; status: UserPointStatus | null }
  now: { point: number; used: number; status: UserPointStatus }
}

interface Derived {
  lot: string
  pointType: string
  first: Row
  point: number
  used: number
  value: number
  status: UserPointStatus
}

/** What the log says a lot holds: its points are the sum of its rows' deltas. */
const derive = (rows: Row[]): Derived => {
  let point = 0
  let used = 0
  for (const row of rows) {
    const delta = Number(row.delta)
    point += delta
    if (row.reason === 'spend' || row.reason === 'transferOut') used -= delta
    if (row.reason === 'refund' && delta > 0) used -= delta
  }
  const last = rows[rows.length - 1]
  return {
    lot: String(rows[0].lot),
    pointType: String(rows[0].pointType),
    first: rows[0],
    point,
    used: Math.max(0, used),
    value: Math.max(1, Number(rows[0].delta)),
    status: statusAfter(point, last.reason as PointReason)
  }
}

/** One customer's lots and total made what their log says; answers what differed. */
const rebuildCustomer = async (trx: Knex.Transaction, shop: string, user: string): Promise<PointDifference[]> => {
  const customers = await lockCustomers(trx, shop, [{ id: user, field: 'user' }])
  const logs = (await trx('pointLogs').where({ shop, user }).orderBy('date').orderBy('_id')) as Row[]
  const stored = new Map(((await trx('shopUserPoints').where({ shop, user })) as Row[]).map((row) => [String(row._id), row]))
  const byLot = new Map<string, Row[]>()
  for (const row of logs) byLot.set(String(row.lot), [...(byLot.get(String(row.lot)) ?? []), row])
  const differences: PointDifference[] = []
  let total = 0
  for (const rows of byLot.values()) {
    const lot = derive(rows)
    total += lot.point
    const row = stored.get(lot.lot)
    stored.delete(lot.lot)
    const was = row ? lotOf(row) : null
    if (was && was.point === lot.point && was.used === lot.used && was.status === lot.status) continue
    differences.push({
      shop,
      customer: user,
      lot: lot.lot,
      was: { point: was?.point ?? 0, used: was?.used ?? 0, status: was?.status ?? null },
      now: { point: lot.point, used: lot.used, status: lot.status }
    })
    const change = { point: lot.point, used: lot.used, status: lot.status, updatedAt: trx.fn.now() }
    if (was) {
      await trx('shopUserPoints').where({ shop, _id: lot.lot }).update(change)
      continue
    }
    // A lot the log names but the table lost: made again, expiring as its type says it would have.
    const type = await loadPointType(trx, shop, lot.pointType).catch(() => null)
    const date = new Date(String(lot.first.date))
    await trx('shopUserPoints').insert({
      ...change,
      _id: lot.lot,
      shop,
      user,
      pointType: lot.pointType,
      value: lot.value,
      expiresAt: type ? expiryOf(type, customers.get(user)!.joined, date) : null,
      order: lot.first.order ?? null,
      source: lot.first.reason as PointLotSource,
      date
    })
  }
  // Lots no log row names hold nothing the log can vouch for: they are cancelled, empty.
  for (const row of stored.values()) {
    const was = lotOf(row)
    if (was.point === 0 && was.status === 'cancelled') continue
    differences.push({
      shop,
      customer: user,
      lot: was._id,
      was: { point: was.point, used: was.used, status: was.status },
      now: { point: 0, used: was.used, status: 'cancelled' }
    })
    await trx('shopUserPoints').where({ shop, _id: was._id }).update({ point: 0, status: 'cancelled', updatedAt: trx.fn.now() })
  }
  const held = (await trx('shopUsers').where({ shop, _id: user }).first('points')) as { points: number | string | null }
  const was = held.points === null ? null : Number(held.points)
  if (was !== total && !(was === null && total === 0)) {
    differences.push({
      shop,
      customer: user,
      lot: null,
      was: { point: was ?? 0, used: 0, status: null },
      now: { point: total, used: 0, status: 'valid' }
    })
    await trx('shopUsers').where({ shop, _id: user }).update({ points: total, updatedAt: trx.fn.now() })
  }
  return differences
}

/**
 * Every customer's lots and point total made again from the point log (decision 0091), in every shop
 * with points (or one shop), a batch of customers per transaction: a lot holds the sum of its log
 * rows' deltas, its status follows from what emptied it, and a customer's total is the sum of their
 * lots. What differed is corrected and reported; none means the tables agreed with the log.
 */
export const rebuildPoints = async (knex: Knex, shop?: string, options: { rowSecurity?: boolean; batch?: number } = {}) => {
  const shops = shop
    ? [shop]
    : ((await knex
        .union([knex('pointLogs').distinct('shop'), knex('shopUserPoints').distinct('shop')])
        .orderBy('shop')
        .pluck('shop')) as string[])
  const batch = options.batch ?? POINT_REBUILD_BATCH
  const differences: PointDifference[] = []
  let customers = 0
  for (const id of [...new Set(shops)]) {
    let after = ''
    for (;;) {
      const done = await shopTransaction(knex, options.rowSecurity === true, id, async (trx) => {
        const users = (await trx
          .union([
            trx('pointLogs').where({ shop: id }).where('user', '>', after).distinct('user'),
            trx('shopUserPoints').where({ shop: id }).where('user', '>', after).distinct('user'),
            trx('shopUsers')
              .where({ shop: id })
              .where('_id', '>', after)
              .whereNotNull('points')
              .whereNot('points', 0)
              .select('_id as user')
          ])
          .orderBy('user')
          .limit(batch)
          .pluck('user')) as string[]
        for (const user of users) {
          const exists = await trx('shopUsers').where({ shop: id, _id: user }).first('_id')
          if (exists) differences.push(...(await rebuildCustomer(trx, id, user)))
        }
        customers += users.length
        if (users.length) after = users[users.length - 1]
        return users.length
      })
      if (done < batch) break
    }
  }
  return { shops: new Set(shops).size, customers, differences }
}
