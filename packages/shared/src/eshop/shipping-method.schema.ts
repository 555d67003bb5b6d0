import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

const cents = Type.Integer({ minimum: 0, maximum: 100_000_000_000 })

/**
 * Shipping method (spec §3.13): name, desc, price, priceRanges by order total. All amounts in cents.
 * A range `{min, max?, price}` applies when min ≤ order total < max (no max: and above); the first
 * matching range wins, else `price`.
 */
export const shippingMethodSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    desc: Type.Optional(Type.Union([storedTextSchema, Type.Null()])),
    price: cents,
    priceRanges: Type.Array(
      Type.Object(
        { min: cents, max: Type.Optional(Type.Union([cents, Type.Null()])), price: cents },
        { additionalProperties: false }
      ),
      { maxItems: 20 }
    ),
    /** Smaller first, as the checkout lists them. */
    order: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    enabled: Type.Boolean(),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'ShippingMethod', additionalProperties: false }
)
export type ShippingMethod = Static<typeof shippingMethodSchema>
export type ShippingMethodData = Omit<ShippingMethod, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type ShippingMethodPatch = Partial<ShippingMethodData>

/** The shipping price of an order total (cents) by a method's ranges. */
export const shippingPrice = (method: Pick<ShippingMethod, 'price' | 'priceRanges'>, orderTotal: number): number => {
  const range = method.priceRanges.find(
    (r) => orderTotal >= r.min && (r.max === undefined || r.max === null || orderTotal < r.max)
  )
  return range ? range.price : method.price
}
