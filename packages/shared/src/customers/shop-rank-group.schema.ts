import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

/** spec §9.8: how the paid amount is accumulated, and in what unit periods are counted. */
export const rankAccumTypes = ['start', 'current'] as const
export type RankAccumType = (typeof rankAccumTypes)[number]
export const rankPeriodUnits = ['month', 'day'] as const
export type RankPeriodUnit = (typeof rankPeriodUnits)[number]

/**
 * Shop rank group (spec §3.10, §4.9; decision 0084): how a customer's paid money is counted
 * (`accumType`, `accumPeriod` + unit, the shops whose orders count) and whether ranks may go down
 * (`allowDowngrade`) or are applied to existing customers when the group changes (`upgradeUsers`).
 */
export const shopRankGroupSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    enabled: Type.Optional(Type.Boolean()),
    accumType: literals(rankAccumTypes),
    accumPeriod: Type.Optional(Type.Integer({ minimum: 1, maximum: 1200 })),
    accumPeriodUnit: Type.Optional(literals(rankPeriodUnits)),
    /** Other shops (sub-shops) whose paid orders count too; the group's own shop always counts. */
    accumShops: Type.Optional(Type.Array(Type.String({ pattern: ID_PATTERN }), { maxItems: 100 })),
    allowDowngrade: Type.Optional(Type.Boolean()),
    upgradeUsers: Type.Optional(Type.Boolean()),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'ShopRankGroup', additionalProperties: false }
)
export type ShopRankGroup = Static<typeof shopRankGroupSchema>
export type ShopRankGroupData = Omit<ShopRankGroup, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type ShopRankGroupPatch = Partial<ShopRankGroupData>
