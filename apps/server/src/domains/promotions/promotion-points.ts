import type { Knex } from 'knex'
import type { LedgerEnv } from '../stock/stock-ledger'
import { earnPoints } from '../points'

export interface PromotionPoints {
  user: string
  pointType: string
  points: number
  order?: string | null
  promotion: string
  env?: LedgerEnv
}

/**
 * The points a promotion grants (decision 0090): earned like an order's (decision 0091), in the grant's
 * transaction, with the promotion named in the log's remarks.
 */
export const grantPromotionPoints = (trx: Knex.Transaction, shop: string, grant: PromotionPoints): Promise<void> =>
  earnPoints(trx, shop, {
    user: grant.user,
    pointType: grant.pointType,
    points: grant.points,
    order: grant.order ?? null,
    reason: 'earn',
    remarks: `promotion ${grant.promotion}`,
    env: grant.env
  })
