import { PRODUCT_POINTS_REMARK } from '@emporia/shared'
import type { Knex } from 'knex'
import type { LedgerEnv } from '../stock/moves'
import { lockCustomers } from './book'
import { earnPoints } from './moves'

interface LineLike {
  product?: unknown
  quantity?: unknown
}

interface OrderLike {
  _id: string
  user?: string | null
  products?: unknown
}

/** The order's lines, however the row holds them (a JSON column may come back as text). */
const linesOf = (products: unknown): LineLike[] => {
  const parsed: unknown = typeof products === 'string' ? JSON.parse(products) : products
  return Array.isArray(parsed) ? (parsed as LineLike[]) : []
}

/**
 * The points an order's products give (decision 0195): for each line whose product has `points`,
 * points × quantity (a SKU line counts its product's points), each line rounded down to whole points
 * (weighed goods sell fractions of a unit). The products are read in the caller's transaction, so the
 * points are the ones the product has at the moment of the sale.
 */
export const productPointsOf = async (trx: Knex.Transaction, shop: string, products: unknown): Promise<number> => {
  const lines = linesOf(products).filter((line) => typeof line.product === 'string' && Number(line.quantity) > 0)
  if (!lines.length) return 0
  const ids = [...new Set(lines.map((line) => line.product as string))]
  const rows = (await trx('products').where({ shop }).whereIn('_id', ids).select('_id', 'points')) as {
    _id: string
    points: number | string | null
  }[]
  const pointsOf = new Map(rows.map((row) => [String(row._id), Number(row.points ?? 0)]))
  let total = 0
  for (const line of lines) {
    const points = pointsOf.get(line.product as string) ?? 0
    if (Number.isSafeInteger(points) && points > 0) total += Math.floor(points * Number(line.quantity))
  }
  return Number.isSafeInteger(total) ? total : 0
}

/**
 * Credits the points a paid order's products give (decision 0195, amending 0189), beside what its
 * pricing rules earned (earnOrderPoints), in the transaction that settles it: one lot of the shop's
 * first point type, logged `earn` with the order and the remark PRODUCT_POINTS_REMARK, so a refund or a
 * void reverses it exactly as the rules' points (reverseOrderPoints). Once per order: under the
 * customer's lock, an order that already has such a row earns nothing again. No customer, no point
 * type or no product points: nothing.
 */
export const earnProductPoints = async (trx: Knex.Transaction, shop: string, order: OrderLike, env?: LedgerEnv) => {
  if (!order.user) return
  const points = await productPointsOf(trx, shop, order.products)
  if (points <= 0) return
  const type = (await trx('pointTypes').where({ shop }).orderBy('createdAt').orderBy('_id').first('_id')) as
    { _id: string } | undefined
  if (!type) return
  // A customer removed since the order was made earns nothing (and never fails the payment).
  if (!(await trx('shopUsers').where({ shop, _id: order.user }).first('_id'))) return
  await lockCustomers(trx, shop, [{ id: order.user, field: 'user' }])
  const done = await trx('pointLogs')
    .where({ shop, order: order._id, reason: 'earn', remarks: PRODUCT_POINTS_REMARK })
    .first('_id')
  if (done) return
  await earnPoints(trx, shop, {
    user: order.user,
    pointType: type._id,
    points,
    order: order._id,
    reason: 'earn',
    remarks: PRODUCT_POINTS_REMARK,
    env
  })
}
