import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

/** spec §9.8: how the paid amount is accumulated, and in what unit periods are counted. */
export const rankAccumTypes = ['start', 'current'] as const
export type RankAccumType = (typeof rankAccumTypes)[number]
export const rankPeriodUnits = ['month', 'day'] as const
export type RankPeriodUnit = (typeof rankPeriodUnits)[number]

/** States of a shop's re-ranking after its rules changed (a job of the queue, decision 0154). */
export const rankRecomputeStates = ['waiting', 'running', 'done', 'failed'] as const

/** How far the re-ranking of the shop's customers has gone: `done` of `total` customers, since `at`. */
export const rankRecomputeSchema = Type.Object(
  {
    state: literals(rankRecomputeStates),
    done: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
    at: Type.String({ format: 'date-time' })
  },
  { additionalProperties: false }
)
export type RankRecompute = Static<typeof rankRecomputeSchema>

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
    /** The latest re-ranking of the shop's customers under its rules (server's; decision 0154). */
    recompute: Type.Optional(Type.Union([{ ...rankRecomputeSchema, readOnly: true }, Type.Null()], { readOnly: true })),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'ShopRankGroup', additionalProperties: false }
)
export type ShopRankGroup = Static<typeof shopRankGroupSchema>
export type ShopRankGroupData = Omit<ShopRankGroup, '_id' | 'shop' | 'recompute' | 'createdAt' | 'updatedAt'>
export type ShopRankGroupPatch = Partial<ShopRankGroupData>
