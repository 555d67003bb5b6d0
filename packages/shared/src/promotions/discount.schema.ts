import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { literals, moneySchema } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

/** spec §9.8 discountType. `bundle` and `bundleFix` are one kind under two names (the spec's texts differ). */
export const discountTypes = [
  'bundle',
  'bundleOff',
  'bundleFree',
  'bundleFix',
  'fixed',
  'percentage',
  'point',
  'usePoint',
  'advanced'
] as const
export type DiscountType = (typeof discountTypes)[number]
/** spec §4.1: only `valid` rules are evaluated; `overlimit` is a rule whose use limit was reached. */
export const discountStatuses = ['valid', 'draft', 'overlimit'] as const
export type DiscountStatus = (typeof discountStatuses)[number]
/** spec §9.8 discountAvail: where a rule applies. */
export const discountAvails = ['pos', 'eshop', 'both'] as const
export type DiscountAvail = (typeof discountAvails)[number]

const id = (ref: string) => Type.String({ pattern: ID_PATTERN, ref })
const ids = (ref: string) => Type.Array(id(ref), { maxItems: 500 })
const nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))
const cents = nullable(moneySchema)
const count = nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))
const percent = nullable(Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 }))

/** Which goods a rule looks at (filters) or leaves out (efilter): any listed product, category, brand or tag. */
export const discountFilterSchema = Type.Object(
  {
    products: Type.Optional(ids('products')),
    categories: Type.Optional(ids('categories')),
    brands: Type.Optional(ids('brands')),
    tags: Type.Optional(ids('tags'))
  },
  { additionalProperties: false }
)
export type DiscountFilter = Static<typeof discountFilterSchema>

/** A free item of a `bundleFree` rule: this product (and SKU) is given `quantity` times per bundle. */
export const freeItemSchema = Type.Object(
  {
    product: id('products'),
    sku: Type.Optional(Type.String({ maxLength: 64 })),
    quantity: Type.Integer({ minimum: 1, maximum: 1000 })
  },
  { additionalProperties: false }
)

/**
 * Member-group pricing (spec §3.9 "member (group) fields"), used by `advanced` rules: the group is the
 * matching goods; it needs minQty / minPrice of them and minNonGroupQty other units; every stepQty units
 * take unitDiscount more off each unit; fixed and percentage discounts add; maxDiscount caps; maxQty /
 * maxPrice bound the units / amount discounted. The engine's decision records the exact reading.
 */
export const memberDiscountSchema = Type.Object(
  {
    fixedDiscount: cents,
    maxDiscount: cents,
    maxPrice: cents,
    maxQty: count,
    minNonGroupQty: count,
    minPrice: cents,
    minQty: count,
    percentageDiscount: percent,
    stepQty: count,
    unitDiscount: cents
  },
  { additionalProperties: false }
)

/** Points a `point` rule earns: `fixed` per order plus `percentage` of the amount (in points per $1), at most `max`. */
export const pointEarnSchema = Type.Object(
  {
    point: Type.Optional(Type.Union([id('pointTypes'), Type.Null()])),
    fixed: count,
    percentage: percent,
    max: count
  },
  { additionalProperties: false }
)

/**
 * How a `usePoint` rule lets points pay: `ratio` cents per point, used in multiples of `unit` points;
 * at most `fixedMax` cents and `percentageMax` % of the amount.
 */
export const pointUseSchema = Type.Object(
  {
    point: Type.Optional(Type.Union([id('pointTypes'), Type.Null()])),
    ratio: nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    unit: count,
    fixedMax: cents,
    percentageMax: percent
  },
  { additionalProperties: false }
)

const hour = Type.Integer({ minimum: 0, maximum: 23 })
const clock = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })
/** When a rule applies, read in the shop's time zone (spec §3.9 timeConditions). Every condition given must hold. */
export const timeConditionsSchema = Type.Object(
  {
    /** Local dates, inclusive: [from, to]. */
    dateRange: Type.Optional(
      Type.Union([Type.Tuple([Type.String({ format: 'date' }), Type.String({ format: 'date' })]), Type.Null()])
    ),
    /** Days of the month, inclusive (1–31). */
    startDay: nullable(Type.Integer({ minimum: 1, maximum: 31 })),
    endDay: nullable(Type.Integer({ minimum: 1, maximum: 31 })),
    /** Hours of the day: startHour inclusive, endHour exclusive (0–23; end 0 means midnight). */
    startHour: nullable(hour),
    endHour: nullable(hour),
    /** Months 0–11 (January is 0). */
    months: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 11 }), { maxItems: 12 })),
    /** Weekdays 0–6 (Sunday is 0). */
    weekdays: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 7 })),
    /** Local clock times "HH:mm": [from inclusive, to exclusive]; a range past midnight wraps. */
    timeRange: Type.Optional(Type.Union([Type.Tuple([clock, clock]), Type.Null()]))
  },
  { additionalProperties: false }
)
export type TimeConditions = Static<typeof timeConditionsSchema>

/**
 * Discount rule (spec §3.9; decision 0088): what the pricing engine (`evaluate`) reads. Money is integer
 * cents, percentages have two decimals. Thresholds (min*) decide whether the rule applies; bounds (max*)
 * limit how much it gives.
 */
export const discountSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    desc: Type.Optional(Type.Union([storedTextSchema, Type.Null()])),
    /** A code the customer must give for the rule to apply (coupon templates name rules instead). */
    couponCode: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()])),
    type: literals(discountTypes),
    status: literals(discountStatuses),
    avail: literals(discountAvails),
    tag: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    /** Bundle kinds: the product the bundle is built on (else the filters' goods) and the units per bundle. */
    product: Type.Optional(Type.Union([id('products'), Type.Null()])),
    quantity: count,
    /** bundleFree: what each bundle gives free. */
    freeItems: Type.Optional(Type.Array(freeItemSchema, { maxItems: 50 })),
    minPrice: cents,
    minQty: count,
    maxPrice: cents,
    maxQty: count,
    fixedDiscount: cents,
    percentageDiscount: percent,
    maxDiscount: cents,
    member: Type.Optional(Type.Union([memberDiscountSchema, Type.Null()])),
    point: Type.Optional(Type.Union([pointEarnSchema, Type.Null()])),
    usePoint: Type.Optional(Type.Union([pointUseSchema, Type.Null()])),
    /** Membership ranks allowed to use the rule; empty: everyone. */
    rankConditions: Type.Optional(ids('shopRanks')),
    timeConditions: Type.Optional(Type.Union([timeConditionsSchema, Type.Null()])),
    validFrom: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    validTo: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    filters: Type.Optional(Type.Union([discountFilterSchema, Type.Null()])),
    efilter: Type.Optional(Type.Union([discountFilterSchema, Type.Null()])),
    /** Applies by itself; otherwise the cashier or customer picks it (or gives its code). */
    automatic: Type.Optional(Type.Boolean()),
    /** The rule's thresholds are met when any one holds (min amount OR min quantity), not all. */
    conditionOr: Type.Optional(Type.Boolean()),
    /** Once applied, no later rule applies, except rules marked exclusiveInclude. */
    exclusive: Type.Optional(Type.Boolean()),
    /** May combine with an exclusive rule ("concurrent offer"). */
    exclusiveInclude: Type.Optional(Type.Boolean()),
    /** Discount group: at most one rule of a group applies. */
    exclusiveKey: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    /** The filters' goods are counted together (mix and match) rather than product by product. */
    grouping: Type.Optional(Type.Boolean()),
    /** Repeat per multiple: a rule for N units (or $N) applies floor(qty / N) times. */
    matchLoopQuantity: Type.Optional(Type.Boolean()),
    /** Public: shown to customers (online shop, POS pick list). */
    open: Type.Optional(Type.Boolean()),
    /**
     * How many orders may use the rule (0 or empty: no limit; decision 0186). The order that takes the
     * last use moves the rule to `overlimit`; a void or a whole refund gives its use back.
     */
    limitTotal: count,
    /** Orders holding a use of a limited rule: the server's, counted in each order's own transaction. */
    totalUsed: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { readOnly: true })),
    /** Higher first; ties by creation. */
    priority: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })),
    /** Offered as "Add $X to get $Y off" when not yet met. */
    suggest: Type.Optional(Type.Boolean()),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Discount', additionalProperties: false }
)
export type Discount = Static<typeof discountSchema>
export type DiscountData = Omit<Discount, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type DiscountPatch = Partial<DiscountData>
