import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'
import { userPointStatuses } from './point-type.schema'

/**
 * Why points moved (decision 0091): earned (an order, a promotion), spent (paying), transferred to or
 * from another customer, expired by the sweep, a refund's reversal (taking back what the order earned,
 * giving back what it spent), or adjusted by staff.
 */
export const pointReasons = ['earn', 'spend', 'transferIn', 'transferOut', 'expire', 'refund', 'adjust'] as const
export type PointReason = (typeof pointReasons)[number]
/** How a lot came to be: the reasons that add points. */
export const pointLotSources = ['earn', 'transferIn', 'adjust'] as const
export type PointLotSource = (typeof pointLotSources)[number]
/**
 * The remark on the log row (reason earn) of the points a paid order earned from its products' own
 * `points` (decision 0195): the screens show it as "Points for products".
 */
export const PRODUCT_POINTS_REMARK = 'products'

const optionalId = (ref: string) =>
  Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN, ref }), Type.Null()], { ref, readOnly: true }))

/**
 * A shop user point (spec §3.9; decision 0091): one lot of points a customer earned at once. `value`
 * is what was earned, `point` what is left to spend, `used` what was spent or given away from it;
 * status valid / used / expired / cancelled (spec §4.1). Written by the points ledger only.
 */
export const shopUserPointSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    user: Type.String({ pattern: ID_PATTERN, ref: 'shopUsers', readOnly: true }),
    pointType: Type.String({ pattern: ID_PATTERN, ref: 'pointTypes', readOnly: true }),
    point: Type.Integer({ minimum: 0, readOnly: true }),
    value: Type.Integer({ minimum: 1, readOnly: true }),
    used: Type.Integer({ minimum: 0, readOnly: true }),
    status: literals(userPointStatuses),
    expiresAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { readOnly: true })),
    order: optionalId('orders'),
    source: literals(pointLotSources),
    date: Type.String({ format: 'date-time', readOnly: true }),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'ShopUserPoint', additionalProperties: false }
)
export type ShopUserPoint = Static<typeof shopUserPointSchema>
