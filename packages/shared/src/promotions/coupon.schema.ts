import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'

/** spec §4.1 coupon statuses. */
export const couponStatuses = ['valid', 'expired', 'used'] as const
export type CouponStatus = (typeof couponStatuses)[number]

/**
 * A coupon code's letters (decision 0090): digits and capitals without 0/O, 1/I/L, so a code read
 * aloud or typed from paper is not mistaken; 10 of them are about 10^14 codes per shop.
 */
export const COUPON_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const COUPON_CODE_LENGTH = 10
export const COUPON_CODE_PATTERN = `^[${COUPON_ALPHABET}]{${COUPON_CODE_LENGTH}}$`
/** How a typed code is compared (coupon-code.ts): case, spaces and dashes do not matter. */
export { normalCouponCode } from './coupon-code'

/** Most coupons one generate call makes (the editor asks in chunks of this size and shows progress). */
export const COUPON_BATCH_MAX = 500

const optionalId = (ref: string) => Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN, ref }), Type.Null()]))
// Server-owned fields: `readOnly` sits on the field itself, where the model and the forms look for it.
const serverInstant = Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { readOnly: true }))
const serverId = Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()], { readOnly: true }))

/**
 * Coupon (spec §3.9, decision 0090): one code of a coupon template, issued to a customer (`user`) or
 * generated for handing out. Everything but the template and the recipient is the server's: the code,
 * the dates worked out from the template when it is issued, and its use (valid → used by an order,
 * back to valid when that order is refunded or voided).
 */
export const couponSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    code: Type.String({ pattern: COUPON_CODE_PATTERN, readOnly: true }),
    template: Type.String({ pattern: ID_PATTERN, ref: 'couponTemplates' }),
    status: Type.Union(
      couponStatuses.map((status) => Type.Literal(status)),
      { readOnly: true }
    ),
    user: optionalId('shopUsers'),
    validFrom: serverInstant,
    expiresAt: serverInstant,
    /** The promotion that granted it, if one did. */
    promotion: serverId,
    usedAt: serverInstant,
    order: serverId,
    useAdmin: serverId,
    useCashier: serverId,
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Coupon', additionalProperties: false }
)
export type Coupon = Static<typeof couponSchema>
export type CouponData = Pick<Coupon, 'template' | 'user'>

/** `coupons/generate`: `count` new coupons of a template, for `user` or for handing out. */
export const couponGenerateSchema = Type.Object(
  {
    template: Type.String({ pattern: ID_PATTERN }),
    count: Type.Integer({ minimum: 1, maximum: COUPON_BATCH_MAX }),
    user: optionalId('shopUsers')
  },
  { additionalProperties: false }
)
export type CouponGenerate = Static<typeof couponGenerateSchema>
export interface CouponGenerated {
  template: string
  codes: string[]
  /** The template's count of coupons issued, after this call. */
  totalPicked: number
}
