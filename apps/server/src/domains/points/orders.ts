import type { Knex } from 'knex'
import type { LedgerEnv } from '../stock/moves'
import { loadPointType, lockCustomers, lotOf, PointBook, type Row } from './book'
import { earnPoints } from './moves'

export interface Share {
  numerator: number
  denominator: number
}

interface OrderLike {
  _id: string
  user?: string | null
  pricing?: unknown
}

/** The points an order's stored pricing says it earned, by point type ('' when the rule named none). */
export const pointsEarnedBy = (pricing: unknown): Map<string, number> => {
  const earned = new Map<string, number>()
  const parsed: unknown = typeof pricing === 'string' ? JSON.parse(pricing) : pricing
  const applied = (parsed as { applied?: unknown } | null | undefined)?.applied
  if (!Array.isArray(applied)) return earned
  for (const rule of applied as { pointsEarned?: { pointType?: unknown; points?: unknown } }[]) {
    const { pointType, points } = rule?.pointsEarned ?? {}
    if (typeof points !== 'number' || !Number.isSafeInteger(points) || points <= 0) continue
    const type = typeof pointType === 'string' ? pointType : ''
    earned.set(type, (earned.get(type) ?? 0) + points)
  }
  return earned
}

/**
 * Credits what a paid order earned (decision 0091), in the transaction that settles it: the points of
 * its stored pricing (the engine's applied rules), so later rule changes never change them. A rule
 * that names no point type earns the shop's first point type; a shop without one earns nothing.
 */
export const earnOrderPoints = async (trx: Knex.Transaction, shop: string, order: OrderLike, env?: LedgerEnv) => {
  if (!order.user) return
  const earned = pointsEarnedBy(order.pricing)
  if (!earned.size) return
  const fallback = earned.has('')
    ? ((await trx('pointTypes').where({ shop }).orderBy('createdAt').orderBy('_id').first('_id')) as { _id: string } | undefined)
    : undefined
  for (const [type, points] of earned) {
    const pointType = type || fallback?._id
    if (pointType) await earnPoints(trx, shop, { user: order.user, pointType, points, order: order._id, reason: 'earn', env })
  }
}

/**
 * A refund's reversal of an order's points (decision 0091), in the refund's transaction: `share` of
 * what the order earned is taken back (rounded up: the shop's favour) and the same share of what it
 * spent is given back (rounded down), each never beyond what is left to reverse; a share of one or more
 * reverses everything left. Spent points go back into the lots they came from; earned points come off
 * the order's own lots first, then those expiring first, and never below zero (points the customer has
 * spent since are not clawed back).
 */
export const reverseOrderPoints = async (
  trx: Knex.Transaction,
  shop: string,
  order: string,
  share: Share,
  options: { env?: LedgerEnv; now?: Date; admin?: string | null } = {}
): Promise<void> => {
  const rows = (await trx('pointLogs').where({ shop, order }).orderBy('date').orderBy('_id')) as Row[]
  if (!rows.length) return
  const whole = share.denominator <= 0 || share.numerator >= share.denominator
  const users = [...new Set(rows.map((row) => String(row.user)))]
  const customers = await lockCustomers(
    trx,
    shop,
    users.map((id) => ({ id, field: 'order' }))
  )
  const now = options.now ?? new Date()
  const note = { order, admin: options.admin ?? null }
  for (const key of [...new Set(rows.map((row) => `${String(row.user)}:${String(row.pointType)}`))].sort()) {
    const [user, typeId] = key.split(':')
    const mine = rows.filter((row) => row.user === user && row.pointType === typeId)
    const sum = (pick: (row: Row) => boolean) => mine.filter(pick).reduce((total, row) => total + Number(row.delta), 0)
    const earned = sum((row) => row.reason === 'earn')
    const takenBack = -sum((row) => row.reason === 'refund' && Number(row.delta) < 0)
    const spent = -sum((row) => row.reason === 'spend')
    const givenBack = sum((row) => row.reason === 'refund' && Number(row.delta) > 0)
    const part = (total: number, up: boolean) => {
      if (whole) return total
      // Exact integer arithmetic: points × refunded cents can pass 2^53.
      const [n, d] = [BigInt(total) * BigInt(share.numerator), BigInt(share.denominator)]
      return Number(n / d + (up && n % d !== 0n ? 1n : 0n))
    }
    const take = Math.max(0, Math.min(earned - takenBack, part(earned, true)))
    let give = Math.max(0, Math.min(spent - givenBack, part(spent, false)))
    if (!take && !give) continue
    const type = await loadPointType(trx, shop, typeId, 'order')
    const book = await PointBook.open(trx, shop, customers.get(user)!, type, now)
    // Given back first, into the lots the order spent from, each up to what it gave and has not had back.
    for (const spend of mine.filter((row) => row.reason === 'spend')) {
      if (give === 0) break
      const lotId = String(spend.lot)
      const back = mine.filter((row) => row.reason === 'refund' && row.lot === lotId && Number(row.delta) > 0)
      const room = -Number(spend.delta) - back.reduce((total, row) => total + Number(row.delta), 0)
      const piece = Math.min(give, room)
      if (piece <= 0) continue
      const lot = lotOf((await trx('shopUserPoints').where({ shop, _id: lotId }).first()) as Row)
      await book.restore(lot, piece, note)
      mine.push({ reason: 'refund', lot: lotId, delta: piece })
      give -= piece
    }
    let left = Math.min(take, book.balance)
    const lots = await book.spendable()
    const own = [...lots.filter((lot) => lot.order === order), ...lots.filter((lot) => lot.order !== order)]
    for (const lot of own) {
      if (left === 0) break
      const piece = Math.min(left, lot.point)
      await book.take(lot, piece, 'refund', note)
      left -= piece
    }
    await book.close(options.env)
  }
}
