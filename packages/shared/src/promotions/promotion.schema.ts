import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'
import { discountStatuses } from './discount.schema'

/** spec §9.8 promotionType: when a promotion grants its gifts. */
export const promotionTypes = ['afterRegister', 'afterOrder'] as const
export type PromotionType = (typeof promotionTypes)[number]

const optional = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]))
const limit = optional(Type.Integer({ minimum: 0, maximum: 100_000_000 }))

/**
 * Promotion (spec §3.9; decision 0088): when a customer registers (afterRegister) or an order of theirs
 * is paid (afterOrder) between validFrom and validUntil, it grants one coupon of each named template
 * and `points` points of `pointType`; at most limitPerUser times per customer and limitTotal in all
 * (0 or empty: no limit). Status as discounts: valid, draft, overlimit (limitTotal reached).
 */
export const promotionSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    desc: optional(storedTextSchema),
    type: literals(promotionTypes),
    status: literals(discountStatuses),
    limitPerUser: limit,
    limitTotal: limit,
    /** Grants so far: counted by the server with each grant. */
    totalPicked: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    validFrom: optional(Type.String({ format: 'date-time' })),
    validUntil: optional(Type.String({ format: 'date-time' })),
    couponTemplates: Type.Optional(Type.Array(Type.String({ pattern: ID_PATTERN, ref: 'couponTemplates' }), { maxItems: 20 })),
    points: optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
    pointType: optional(Type.String({ pattern: ID_PATTERN, ref: 'pointTypes' })),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Promotion', additionalProperties: false }
)
export type Promotion = Static<typeof promotionSchema>
export type PromotionData = Omit<Promotion, '_id' | 'shop' | 'createdAt' | 'updatedAt' | 'totalPicked'>
export type PromotionPatch = Partial<PromotionData>
