import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'

/** Why a customer's rank changed (decision 0084). */
export const rankChangeReasons = ['paid', 'refunded', 'expired', 'sweep', 'rebuild', 'settings', 'merged'] as const
export type RankChangeReason = (typeof rankChangeReasons)[number]

const optionalId = (ref?: string) =>
  Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN, ...(ref ? { ref } : {}) }), Type.Null()], ref ? { ref } : {}))

/**
 * One change of a customer's rank, written by the server in the transaction that made it
 * (decision 0084): from and to which rank, why, the accumulated amount it was decided on, and the
 * order whose payment or refund caused it.
 */
export const shopRankLogSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    user: Type.String({ pattern: ID_PATTERN, ref: 'shopUsers' }),
    from: optionalId('shopRanks'),
    to: optionalId('shopRanks'),
    reason: literals(rankChangeReasons),
    amount: Type.Integer({ minimum: 0 }),
    expiry: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    order: optionalId('orders'),
    date: Type.String({ format: 'date-time' }),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'ShopRankLog', additionalProperties: false }
)
export type ShopRankLog = Static<typeof shopRankLogSchema>
