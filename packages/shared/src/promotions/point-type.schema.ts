import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { imageRefSchema } from '../media/image-ref.schema'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

/** spec §9.8 point expireType: points expire expiresIn days after they were earned (now) or after the customer registered (register). */
export const pointExpireTypes = ['now', 'register'] as const
export type PointExpireType = (typeof pointExpireTypes)[number]
/** spec §4.1 user point statuses. */
export const userPointStatuses = ['valid', 'used', 'expired', 'cancelled'] as const
export type UserPointStatus = (typeof userPointStatuses)[number]

/**
 * Point type (spec §3.9 settings/pointTypes; decision 0088): a kind of loyalty point. `allowTransfer`
 * lets customers give points to one another; `autoExtend` moves every valid lot's expiry forward when
 * the customer earns again; no expiresIn: points never expire. Points earned before validFrom are not given.
 */
export const pointTypeSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    icon: Type.Optional(Type.Union([imageRefSchema, Type.Null()])),
    allowTransfer: Type.Optional(Type.Boolean()),
    autoExtend: Type.Optional(Type.Boolean()),
    expireType: literals(pointExpireTypes),
    expiresIn: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 36_500 }), Type.Null()])),
    validFrom: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'PointType', additionalProperties: false }
)
export type PointType = Static<typeof pointTypeSchema>
export type PointTypeData = Omit<PointType, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type PointTypePatch = Partial<PointTypeData>
