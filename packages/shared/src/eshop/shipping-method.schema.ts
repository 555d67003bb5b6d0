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
    /** Required: some text in at least one language (`shippingMethodProblem`). */
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

type Range = { min?: unknown; max?: unknown; price?: unknown }

/** A problem of a shipping method's own rules, on the field it belongs to (`priceRanges.1.max`). */
export interface ShippingMethodProblem {
  field: string
  key: 'format.required' | 'shipping.rangeMaxAboveMin' | 'shipping.rangeOverlap'
  values?: Record<string, number>
}

/** English wording of the rules (the server's messages; clients translate the keys). */
export const shippingMethodMessages: Record<ShippingMethodProblem['key'], string> = {
  'format.required': 'Required',
  'shipping.rangeMaxAboveMin': "Must be more than the range's lowest order total",
  'shipping.rangeOverlap': 'This range overlaps range {other}'
}

const hasText = (text: unknown) =>
  typeof text === 'string'
    ? text.trim() !== ''
    : typeof text === 'object' && text !== null && Object.values(text).some((v) => typeof v === 'string' && v.trim() !== '')

const upper = (range: Range) => (typeof range.max === 'number' ? range.max : Number.POSITIVE_INFINITY)

/**
 * The first rule a shipping method breaks (decision 0113), or undefined: a name in some language; each
 * price range `[min, max)` ends above where it starts (no max: open above); no two ranges share an order
 * total, so `shippingPrice` never depends on their order. Numbers' own limits are the schema's. The
 * editor checks the form's values (amounts in cents), the server the record as written.
 */
export const shippingMethodProblem = (method: { name?: unknown; priceRanges?: unknown }): ShippingMethodProblem | undefined => {
  if (!hasText(method.name)) return { field: 'name', key: 'format.required' }
  const ranges = (Array.isArray(method.priceRanges) ? method.priceRanges : []) as Range[]
  for (const [index, range] of ranges.entries()) {
    if (typeof range?.min !== 'number') continue
    if (typeof range.max === 'number' && range.max <= range.min)
      return { field: `priceRanges.${index}.max`, key: 'shipping.rangeMaxAboveMin' }
    for (const [earlier, other] of ranges.slice(0, index).entries()) {
      if (typeof other?.min !== 'number' || upper(other) <= other.min) continue
      if (range.min < upper(other) && other.min < upper(range))
        return { field: `priceRanges.${index}.min`, key: 'shipping.rangeOverlap', values: { other: earlier + 1 } }
    }
  }
  return undefined
}
