import { FeathersError } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { PromotionType } from '@emporia/shared'
import { issueCoupons } from '../coupons'
import type { LedgerEnv } from '../stock/stock-ledger'
import { newObjectId } from '../../platform/http/object-id'
import { grantPromotionPoints } from './promotion-points'

interface PromotionRow {
  _id: string
  status: string
  limitPerUser: number | string | null
  limitTotal: number | string | null
  totalPicked: number | string | null
  couponTemplates: string[] | null
  points: number | string | null
  pointType: string | null
}

export interface GrantInput {
  /** The customer (a shopUsers id). */
  user: string
  /** The paid order, for afterOrder. */
  order?: string | null
  now: string
  /** Where the points' events go (an order step's), if anywhere. */
  env?: LedgerEnv
}

const limitOf = (value: number | string | null) => (Number(value ?? 0) > 0 ? Number(value) : null)

/** How many times a customer has had this promotion. */
const grantsTo = async (trx: Knex.Transaction, shop: string, promotion: string, user: string) => {
  const [{ n }] = (await trx('promotionGrants').where({ shop, promotion, user }).count({ n: '*' })) as { n: string | number }[]
  return Number(n)
}

/**
 * A gift, or none when it cannot be given any more (a template's limits reached or its coupons past
 * validUntil, a template or point type removed): a customer's payment or sign-up never fails because a
 * gift ran out. The checks are the coupons' and points' own; a savepoint keeps the caller's
 * transaction whole whatever happens inside.
 */
const gift = async (trx: Knex.Transaction, give: (inner: Knex.Transaction) => Promise<unknown>) => {
  try {
    await trx.transaction(give)
  } catch (error) {
    const key = error instanceof FeathersError ? (error.data as { key?: string } | undefined)?.key : undefined
    if (!key?.startsWith('coupon.') && !key?.startsWith('points.')) throw error
  }
}

/**
 * Grants the shop's promotions of `type` to a customer (decision 0090), in the caller's transaction:
 * afterRegister when a customer is created, afterOrder when their order is paid. Each valid promotion
 * in its dates gives one coupon of each of its templates and its points, at most limitPerUser times a
 * customer and limitTotal in all; the promotions are locked (in id order) while counted, so the limits
 * are exact under concurrency, and a promotion that reaches limitTotal becomes overlimit.
 */
export const grantPromotions = async (trx: Knex.Transaction, shop: string, type: PromotionType, input: GrantInput) => {
  const promotions = (await trx('promotions')
    .where({ shop, type, status: 'valid' })
    .where((q) => q.whereNull('validFrom').orWhere('validFrom', '<=', input.now))
    .where((q) => q.whereNull('validUntil').orWhere('validUntil', '>', input.now))
    .orderBy('_id')
    .forUpdate()) as PromotionRow[]
  const granted: string[] = []
  for (const promotion of promotions) {
    const total = limitOf(promotion.limitTotal)
    const picked = Number(promotion.totalPicked ?? 0)
    if (total !== null && picked >= total) {
      await trx('promotions').where({ shop, _id: promotion._id }).update({ status: 'overlimit', updatedAt: trx.fn.now() })
      continue
    }
    const perUser = limitOf(promotion.limitPerUser)
    if (perUser !== null && (await grantsTo(trx, shop, promotion._id, input.user)) >= perUser) continue
    for (const template of promotion.couponTemplates ?? [])
      await gift(trx, (inner) =>
        issueCoupons(inner, shop, { template, count: 1, user: input.user, now: input.now, promotion: promotion._id })
      )
    const points = Number(promotion.points ?? 0)
    const pointType = promotion.pointType
    if (points > 0 && pointType)
      await gift(trx, (inner) =>
        grantPromotionPoints(inner, shop, {
          user: input.user,
          pointType,
          points,
          order: input.order ?? null,
          promotion: promotion._id,
          env: input.env
        })
      )
    await trx('promotionGrants').insert({
      _id: newObjectId(),
      shop,
      promotion: promotion._id,
      user: input.user,
      order: input.order ?? null
    })
    const full = total !== null && picked + 1 >= total
    await trx('promotions')
      .where({ shop, _id: promotion._id })
      .update({ totalPicked: picked + 1, ...(full ? { status: 'overlimit' } : {}), updatedAt: trx.fn.now() })
    granted.push(promotion._id)
  }
  return granted
}
