import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'
import { pointReasons } from './shop-user-point.schema'

const optionalId = (ref: string) =>
  Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN, ref }), Type.Null()], { ref, readOnly: true }))

/**
 * One move of a customer's points of one type (spec §3.9 point log; decision 0091), on one lot: the
 * balance of that type before (`from`) and after (`to`), the signed `delta`, why, and the order or
 * the other customer of a transfer. The log is the truth: lots and balances are rebuilt from it.
 */
export const pointLogSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    user: Type.String({ pattern: ID_PATTERN, ref: 'shopUsers' }),
    pointType: Type.String({ pattern: ID_PATTERN, ref: 'pointTypes' }),
    lot: Type.String({ pattern: ID_PATTERN, ref: 'shopUserPoints' }),
    date: Type.String({ format: 'date-time' }),
    from: Type.Integer(),
    to: Type.Integer(),
    delta: Type.Integer(),
    reason: literals(pointReasons),
    order: optionalId('orders'),
    /** The other customer of a transfer. */
    counterpart: optionalId('shopUsers'),
    /** The staff member whose action moved the points. */
    admin: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()], { readOnly: true })),
    remarks: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'PointLog', additionalProperties: false }
)
export type PointLog = Static<typeof pointLogSchema>

/** A transfer of points between two customers of one shop (decision 0091), where the point type allows it. */
export const pointTransferSchema = Type.Object(
  {
    from: Type.String({ pattern: ID_PATTERN, ref: 'shopUsers' }),
    to: Type.String({ pattern: ID_PATTERN, ref: 'shopUsers' }),
    pointType: Type.String({ pattern: ID_PATTERN, ref: 'pointTypes' }),
    points: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
    remarks: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()]))
  },
  { $id: 'PointTransfer', additionalProperties: false }
)
export type PointTransferData = Static<typeof pointTransferSchema>
/**
 * A staff adjustment of a customer's points (decision 0091): points added (a new lot) or, negative,
 * taken off the lots that expire first; logged `adjust` with the staff member and the remark.
 */
export const pointAdjustmentSchema = Type.Object(
  {
    user: Type.String({ pattern: ID_PATTERN, ref: 'shopUsers' }),
    pointType: Type.String({ pattern: ID_PATTERN, ref: 'pointTypes' }),
    points: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 }),
    remarks: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()]))
  },
  { $id: 'PointAdjustment', additionalProperties: false }
)
export type PointAdjustmentData = Static<typeof pointAdjustmentSchema>
export interface PointAdjustmentResult {
  user: string
  pointType: string
  points: number
  /** The customer's balance of the type afterwards. */
  balance: number
}

export interface PointTransferResult {
  from: string
  to: string
  pointType: string
  points: number
  /** The two customers' balances of the type afterwards. */
  balances: { from: number; to: number }
}
