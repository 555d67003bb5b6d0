import { Type, type Static } from '@sinclair/typebox'
import { imageRefSchema } from '../media/image-ref.schema'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

const optional = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]))
const limit = optional(Type.Integer({ minimum: 0, maximum: 100_000_000 }))
const days = optional(Type.Integer({ minimum: 0, maximum: 36_500 }))
const instant = optional(Type.String({ format: 'date-time' }))

/**
 * Coupon template (spec §3.9; decision 0088): what a coupon gives (a discount rule), who may pick it
 * (`open`: anyone; else issued by staff or promotions), how many (limitTotal over all, limitPerUser per
 * customer; 0 or empty: no limit) and when a picked coupon is usable: from validFrom (or validIn days after
 * it is picked) until expiresIn days after, never after validUntil. Templates are offered between validFrom
 * and validTo.
 */
export const couponTemplateSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    desc: optional(storedTextSchema),
    discount: Type.String({ pattern: ID_PATTERN, ref: 'discounts' }),
    icon: optional(imageRefSchema),
    tag: optional(Type.String({ maxLength: 100 })),
    terms: optional(storedTextSchema),
    open: Type.Optional(Type.Boolean()),
    limitPerUser: limit,
    limitTotal: limit,
    /** Coupons issued so far: the server counts them, in the same transaction as each issue. */
    totalPicked: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    validFrom: instant,
    validTo: instant,
    validUntil: instant,
    validIn: days,
    expiresIn: days,
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'CouponTemplate', additionalProperties: false }
)
export type CouponTemplate = Static<typeof couponTemplateSchema>
export type CouponTemplateData = Omit<CouponTemplate, '_id' | 'shop' | 'createdAt' | 'updatedAt' | 'totalPicked'>
export type CouponTemplatePatch = Partial<CouponTemplateData>
