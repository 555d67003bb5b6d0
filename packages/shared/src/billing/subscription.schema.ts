import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'
import { planFeatures, type PlanFeature } from './plan.schema'

/**
 * A shop's subscription (issue 30, decision 0129): one per shop, made with the shop. Its `state`:
 * - `trial`: no contract, `trialEnd` in the future; every feature of the trial plan;
 * - `active`: a paid contract from `start` to `end`;
 * - `grace`: the trial or contract ended unpaid; features stay on until `graceEnd`, with a banner;
 * - `lapsed`: after the grace; paid features are off, every record stays readable and exportable;
 * - `off`: BILLING=off (self-hosted): every feature on, nothing to pay (only ever answered, never stored).
 */
export const subscriptionStates = ['trial', 'active', 'grace', 'lapsed', 'off'] as const
export type SubscriptionState = (typeof subscriptionStates)[number]

export const billingInfoSchema = Type.Object(
  {
    company: Type.String({ maxLength: 200 }),
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    address1: Type.String({ minLength: 1, maxLength: 200 }),
    address2: Type.String({ maxLength: 200 }),
    city: Type.String({ minLength: 1, maxLength: 100 }),
    state: Type.String({ maxLength: 100 }),
    /** ISO 3166-1 alpha-2 (`HK`). */
    country: Type.String({ pattern: '^[A-Z]{2}$' }),
    zipcode: Type.String({ maxLength: 20 }),
    phone: Type.String({ minLength: 4, maxLength: 30, pattern: '^[0-9 +()-]+$' }),
    /** Dialling code without "+" (`852`). */
    phoneCountry: Type.String({ pattern: '^[0-9]{1,4}$' })
  },
  { $id: 'BillingInfo', additionalProperties: false }
)
export type BillingInfo = Static<typeof billingInfoSchema>

const date = () => Type.Union([Type.String({ format: 'date-time' }), Type.Null()])

/** What `billing` answers for a shop: its plan, contract and what it can do next (spec §3.14). */
export const subscriptionSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN }),
    state: Type.Union(subscriptionStates.map((state) => Type.Literal(state))),
    /** The plan's code: the contract's plan, or the trial plan during a trial. */
    plan: Type.String(),
    /** Trial end (the shop's `validUtil`). */
    trialEnd: Type.String({ format: 'date-time' }),
    /** The contract: start and end of the paid period; null before the first payment. */
    start: date(),
    end: date(),
    autoRenew: Type.Boolean(),
    /** When the next charge is due (the end, while autoRenew is on); null when none is due. */
    nextBill: date(),
    /** When the last renewal was charged. */
    renewAt: date(),
    /** When the plan was last changed up. */
    upgradeDate: date(),
    /** A downgrade waiting for the period end. */
    pendingPlan: Type.Union([Type.String(), Type.Null()]),
    /** End of the grace period in state `grace`. */
    graceEnd: date(),
    /** The features this shop has now. */
    features: Type.Array(Type.Union(planFeatures.map((feature) => Type.Literal(feature)))),
    billingInfo: Type.Union([Type.Ref('BillingInfo'), Type.Null()]),
    /** Last four digits and brand of the saved card, for the screen ("Visa •••• 4242"). */
    card: Type.Union([Type.Object({ brand: Type.String(), last4: Type.String() }), Type.Null()]),
    /** The last renewal or payment failed: its message key (`payment.provider.card_declined`). */
    lastFailure: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Subscription', additionalProperties: false }
)
export type Subscription = Omit<Static<typeof subscriptionSchema>, 'billingInfo' | 'features'> & {
  billingInfo: BillingInfo | null
  features: PlanFeature[]
}

/** What a shop admin may change on `billing` directly (PATCH billing/:shop): the rest moves by payment. */
export type SubscriptionPatch = { billingInfo?: BillingInfo; autoRenew?: boolean }

/**
 * `billing/checkout` (create): pay for a plan. `change` starts a contract (trial, grace, lapsed) or
 * upgrades now with proration (active); a cheaper plan is booked for the period end and charges nothing;
 * `renew` pays the next period now when autoRenew is off or the shop is in grace.
 */
export type BillingCheckoutData = {
  shop: string
  action: 'change' | 'renew'
  /** Required for `change`. */
  plan?: string
}
export type BillingCheckout = {
  /** The charge, pending until the card pays; null when nothing is to be paid (a downgrade, a free period). */
  charge: string | null
  amount: number
  currency: 'HKD'
  /** For Stripe.js `confirmCardPayment`; null when nothing is to be paid. */
  clientSecret: string | null
  /** The platform's publishable key, for Stripe.js. */
  publishableKey: string | null
  /** The provider's browser script to load (Stripe.js, or the local double's stand-in at `/v3/`). */
  scriptUrl: string | null
  subscription: Subscription
}

/** `billing/refresh` (create): re-read pending charges from the provider and apply what paid. */
export type BillingRefreshData = {
  shop: string
}

/** An Emporia invoice to the merchant (numbered `EMP-000001`), printable on A4 like the order invoice. */
export const billingInvoiceSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN }),
    number: Type.String(),
    /** What was paid for: a new contract, an upgrade's difference, or a renewal. */
    kind: Type.Union([Type.Literal('contract'), Type.Literal('upgrade'), Type.Literal('renewal')]),
    plan: Type.String(),
    planName: Type.Object({ en: Type.String(), cht: Type.String(), chs: Type.String() }),
    /** Cents. */
    amount: Type.Integer({ minimum: 0 }),
    currency: Type.Literal('HKD'),
    periodStart: Type.String({ format: 'date-time' }),
    periodEnd: Type.String({ format: 'date-time' }),
    billingInfo: Type.Union([Type.Ref('BillingInfo'), Type.Null()]),
    card: Type.Union([Type.Object({ brand: Type.String(), last4: Type.String() }), Type.Null()]),
    paidAt: Type.String({ format: 'date-time' }),
    createdAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'BillingInvoice', additionalProperties: false }
)
export type BillingInvoice = Omit<Static<typeof billingInvoiceSchema>, 'billingInfo'> & { billingInfo: BillingInfo | null }

/** One row of the operator console's shop list (issue 30 item 6): no business data of the shop. */
export type OperatorShopRow = {
  _id: string
  name: string
  subdomain: string
  /** The first admin's e-mail, to contact the merchant. */
  owner: string | null
  plan: string
  state: SubscriptionState
  trialEnd: string
  contractEnd: string | null
  lastPayment: { amount: number; paidAt: string } | null
  /** What the shop pays per month now, cents (0 in trial, grace and lapse). */
  monthlyRevenue: number
  createdAt: string
}
export type OperatorShopQuery = {
  $limit?: number
  $skip?: number
  /** Part of the shop's name, subdomain or owner e-mail. */
  q?: string
  state?: SubscriptionState
}

/** `operator/actions` (create): what an operator does to a shop; every one is kept in the operator log. */
export type OperatorActionData =
  { action: 'extendTrial'; shop: string; days: number } | { action: 'grantPlan'; shop: string; plan: string; months: number }
export type OperatorAction = {
  _id: string
  /** The operator's e-mail (who). */
  operator: string
  action: 'extendTrial' | 'grantPlan' | 'createPlan' | 'patchPlan'
  shop: string | null
  /** The shop's name when the log is read (its English, else Chinese name), for the console; null for none. */
  shopName?: string | null
  /** What changed, e.g. `{ days: 14, trialEnd: … }` or the plan's changed fields. */
  details: Record<string, unknown>
  createdAt: string
}
