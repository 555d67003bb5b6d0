import type { Knex } from 'knex'

export interface PromotionPoints {
  user: string
  pointType: string
  points: number
  order?: string | null
  promotion: string
}

/**
 * The points a promotion grants (decision 0090). Points belong to the points domain
 * (apps/server/src/points, decision 0091), which lands on its own branch: when it is merged, this is
 * the one place that calls `earnPoints(trx, shop, { user, pointType, points, order, reason: 'earn' })`.
 * Until then a promotion grants its coupons and records the grant, and its points are not given.
 */
export const grantPromotionPoints = async (_trx: Knex.Transaction, _shop: string, _grant: PromotionPoints): Promise<void> => {}
