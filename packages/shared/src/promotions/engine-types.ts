import type { SharedMessageKey } from '../i18n/messages'
import type { Discount } from './discount.schema'

/**
 * The pricing engine's contract (decision 0088). `evaluate(cart, context)` is pure and deterministic:
 * the same cart and context give the same answer on the server, in the browser and in the POS offline.
 * All money is integer cents; no line and no total is ever negative.
 */

/** One line of the cart as the engine sees it: what it is (for filters) and what it costs. */
export interface CartLine {
  /** Stable within the cart (the order line's index, or the POS line's id): adjustments name it. */
  key: string
  product: string
  sku?: string
  /** Unit price in cents, before any discount. */
  price: number
  /** Units; weighed goods may have up to three decimals. */
  quantity: number
  categories?: string[]
  brand?: string | null
  tags?: string[]
}

export interface Cart {
  lines: CartLine[]
}

/** A coupon the customer presents, resolved by the caller from its code (server: the coupons table). */
export interface PresentedCoupon {
  code: string
  /** The discount rule the coupon's template names. */
  discount: string
  status: 'valid' | 'expired' | 'used'
  /** From when and until when the coupon may be used (ISO instants); null: no bound. */
  validFrom?: string | null
  expiresAt?: string | null
}

export interface EvaluateContext {
  /** The shop's rules; the engine itself skips drafts, rules out of their dates and rules for the other channel. */
  rules: readonly Discount[]
  channel: 'pos' | 'eshop'
  /** The customer, if known, and their membership rank (a shopRanks id). */
  customer?: { id: string; rank?: string | null } | null
  /** Points the customer holds, by point type id. */
  points?: Record<string, number>
  /** Points the customer asks to pay with, by point type id (usePoint rules). */
  usePoints?: Record<string, number>
  /** Coupons presented with the order. */
  coupons?: readonly PresentedCoupon[]
  /** Non-automatic rules the cashier or customer picked (ids). */
  chosen?: readonly string[]
  /** Codes typed for rules with a couponCode. */
  codes?: readonly string[]
  /** ISO instant the cart is priced at, and the shop's IANA time zone for time conditions. */
  now: string
  timeZone: string
}

/** A message the UI translates: a shared message key and its values (money already in cents). */
export interface Reason {
  key: SharedMessageKey
  values?: Record<string, string | number>
}

/** The values of a Reason that are cents: the UI formats these as money before filling the message. */
export const reasonMoneyValues: readonly string[] = ['amount', 'price', 'spend', 'gain']

export interface Adjustment {
  /** The discount rule's id. */
  rule: string
  /** Cents taken off (always ≥ 0). */
  amount: number
  /**
   * Order adjustments only: how the amount falls on the lines (largest remainder over what earlier rules
   * left of them), adding up to `amount` exactly — what a refund of a line gives back.
   */
  lines?: { key: string; amount: number }[]
}

export interface EvaluatedLine {
  key: string
  /** price × quantity, rounded once. */
  subtotal: number
  /** What the rules take off this line, never above its subtotal. */
  discount: number
  total: number
  adjustments: Adjustment[]
}

export interface AppliedRule {
  rule: string
  type: Discount['type']
  /** Cents taken off by this rule (lines and order together). */
  amount: number
  /** How many times it applied (matchLoopQuantity, bundles). */
  times: number
  /** Points earned (point rules) or spent (usePoint rules), by point type id ('' when the rule names none). */
  pointsEarned?: { pointType: string; points: number }
  pointsUsed?: { pointType: string; points: number }
  /** The coupon code that unlocked it, if any. */
  coupon?: string
  why: Reason
}

export interface RejectedRule {
  rule: string
  /** The presented coupon this answer is about, if any (a rule may be named by an expired coupon). */
  coupon?: string
  reason: Reason
}

export interface Suggestion {
  rule: string
  /** Cents more to spend, or units more to add, to reach the rule. */
  spend?: number
  addQuantity?: number
  /** Cents the rule would then take off. */
  gain: number
  message: Reason
}

export interface Evaluation {
  lines: EvaluatedLine[]
  /** Discounts on the whole order (not tied to lines): fixed amounts off, points used as money. */
  orderAdjustments: Adjustment[]
  subtotal: number
  /** Lines' and order adjustments together. */
  discount: number
  total: number
  applied: AppliedRule[]
  rejected: RejectedRule[]
  suggestions: Suggestion[]
}
