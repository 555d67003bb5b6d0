import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'

/**
 * The plan catalogue (issue 30, decision 0129). A plan is kept by the platform operator, not by a shop:
 * what a shop may switch on (features) and how much of it (limits). A shop's `attributes` are the
 * features of the plan it is entitled to now (trial, contract or grace), written by billing only.
 */

/** Every paid feature a plan can include; the shop's `attributes` carry the same names. */
export const planFeatures = [
  'app',
  'bundle',
  'discount',
  'promotion',
  'pos',
  'subsequentPayment',
  'pageEditor',
  'domains',
  'subShops'
] as const
export type PlanFeature = (typeof planFeatures)[number]

/** Largest amount a plan's price or a money limit may hold (HK$1,000,000,000.00 in cents). */
export const PLAN_MONEY_MAX = 100_000_000_000

const money = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0, maximum: PLAN_MONEY_MAX, description }), Type.Null()])
const count = (description: string) => Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000, description }), Type.Null()])

/**
 * A plan's limits; null means "no limit". Their meaning (decision 0129):
 * - `staffSeats`: staff members of the shop, invitations not yet accepted included, sub-shops not;
 * - `subShops`: sub-shops linked to the shop;
 * - `products`: products in the catalogue;
 * - `monthlyDiscount`: the highest monthly manual-discount budget one staff member may be given (cents);
 * - `orderDiscount`: the highest "Max. Discount" (manual discount on one order) a staff member may be given (cents);
 * - `orderDiscountPer`: the largest share of one order's amount a manual discount may take, in percent.
 */
export const planLimitsSchema = Type.Object(
  {
    staffSeats: count('Staff members, pending invitations included'),
    subShops: count('Linked sub-shops'),
    products: count('Products in the catalogue'),
    monthlyDiscount: money('Highest monthly manual-discount budget of one staff member, cents'),
    orderDiscount: money('Highest manual discount on one order a staff member may be given, cents'),
    orderDiscountPer: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()])
  },
  { additionalProperties: false }
)
export type PlanLimits = Static<typeof planLimitsSchema>

const text = (maxLength: number) =>
  Type.Object(
    {
      en: Type.String({ minLength: 1, maxLength }),
      cht: Type.String({ minLength: 1, maxLength }),
      chs: Type.String({ minLength: 1, maxLength })
    },
    { additionalProperties: false }
  )
const optionalText = (maxLength: number) =>
  Type.Object(
    {
      en: Type.String({ maxLength }),
      cht: Type.String({ maxLength }),
      chs: Type.String({ maxLength })
    },
    { additionalProperties: false }
  )

export const PLAN_CODE_PATTERN = '^[a-z][a-z0-9-]{1,39}$'

export const planSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    /** Stable name used in contracts and invoices (`basic`, `pro`); never changes once created. */
    code: Type.String({ pattern: PLAN_CODE_PATTERN }),
    name: text(60),
    /** HKD cents per month (spec §9.2: prices are per month). */
    priceMonthly: Type.Integer({ minimum: 0, maximum: PLAN_MONEY_MAX }),
    /** Contract length in months. */
    periodMonths: Type.Integer({ minimum: 1, maximum: 120 }),
    /** Months of a shop's first contract on this plan that are not charged; never more than the period. */
    freeMonths: Type.Integer({ minimum: 0, maximum: 120 }),
    features: Type.Array(Type.Union(planFeatures.map((feature) => Type.Literal(feature))), { uniqueItems: true }),
    limits: planLimitsSchema,
    /** The offer line under the price (spec §9.2 "Free for 1 year"); empty for none. */
    offer: optionalText(120),
    /** Place in the comparison, cheapest first; the highest is the trial's plan. */
    rank: Type.Integer({ minimum: 0, maximum: 1000 }),
    /** Offered to new contracts; a retired plan keeps its contracts until they end. */
    active: Type.Boolean(),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Plan', additionalProperties: false }
)
export type Plan = Static<typeof planSchema>
export type PlanData = Omit<Plan, '_id' | 'createdAt' | 'updatedAt'>
/** `code` never changes. */
export type PlanPatch = Partial<Omit<PlanData, 'code'>>
