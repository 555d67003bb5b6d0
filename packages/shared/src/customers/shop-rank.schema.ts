import { Type, type Static } from '@sinclair/typebox'
import { literals, moneySchema } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'
import { rankPeriodUnits } from './shop-rank-group.schema'

/** spec §9.8 rank expiryType: never (first: what a new rank starts with), from membership start, from reaching the rank, with the accumulation window. */
export const rankExpiryTypes = ['unlimited', 'start', 'current', 'accumulate'] as const
export type RankExpiryType = (typeof rankExpiryTypes)[number]

/**
 * Shop rank (spec §3.10; decision 0084): a rank of a group, reached when the accumulated paid amount
 * is at least `amount` (cents), held until its expiry.
 */
export const shopRankSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    group: Type.String({ pattern: ID_PATTERN, ref: 'shopRankGroups' }),
    amount: moneySchema,
    expiryType: literals(rankExpiryTypes),
    expiryPeriod: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1200 }), Type.Null()])),
    expiryPeriodUnit: Type.Optional(Type.Union([literals(rankPeriodUnits), Type.Null()])),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'ShopRank', additionalProperties: false }
)
export type ShopRank = Static<typeof shopRankSchema>
export type ShopRankData = Omit<ShopRank, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type ShopRankPatch = Partial<ShopRankData>
