import {
  featuresAdded,
  featuresLost,
  isUpgrade,
  periodPrice,
  upgradeCharge,
  type Plan,
  type PlanFeature,
  type PlanLimits,
  type Subscription
} from '@emporia/shared'

/*
 * What the Billing and Upgrade screen shows, worked out from the subscription and the plan catalogue
 * (decision 0129). Pure, so the choices the merchant sees are tested without a browser.
 */

const DAY = 86_400_000
/** The spec's expiry warning (§9.2): under 7 days. */
const EXPIRING_DAYS = 7

const daysUntil = (iso: string | null, now: number) => (iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / DAY)) : 0)

/** The subscription's state in the merchant's words: the current plan card's headline. */
export type StatusView =
  | { kind: 'trial'; days: number }
  | { kind: 'trialEnded' }
  | { kind: 'active'; until: string | null; days: number; expiring: boolean }
  | { kind: 'grace'; days: number }
  | { kind: 'lapsed' }
  | { kind: 'off' }

export const statusView = (subscription: Subscription, now: number): StatusView => {
  switch (subscription.state) {
    case 'trial': {
      // Until the sweep moves it, a trial past its end is an ended trial, not "0 days left".
      const left = Date.parse(subscription.trialEnd) - now
      return left > 0 ? { kind: 'trial', days: Math.ceil(left / DAY) } : { kind: 'trialEnded' }
    }
    case 'active': {
      const days = daysUntil(subscription.end, now)
      return { kind: 'active', until: subscription.end, days, expiring: subscription.end !== null && days < EXPIRING_DAYS }
    }
    case 'grace':
      return { kind: 'grace', days: daysUntil(subscription.graceEnd, now) }
    case 'lapsed':
      return { kind: 'lapsed' }
    case 'off':
      return { kind: 'off' }
  }
}

/** Active plans in comparison order (cheapest first, by rank). */
export const comparisonOrder = (plans: readonly Plan[]): Plan[] =>
  plans.filter((plan) => plan.active).sort((a, b) => a.rank - b.rank || a.priceMonthly - b.priceMonthly)

/** Each plan with what it adds over the one before it in the comparison (all its features for the first). */
export const comparisonRows = (plans: readonly Plan[]): { plan: Plan; added: PlanFeature[] }[] =>
  comparisonOrder(plans).map((plan, index, list) => ({
    plan,
    added: featuresAdded(index ? list[index - 1].features : [], plan.features)
  }))

/**
 * What a plan's button does for this subscription: a shop without a paid contract (trial, grace,
 * lapsed) chooses any plan and pays for it; under contract, a dearer plan is an upgrade now and a
 * cheaper one a downgrade at the period end; the plan already booked for the period end waits, and
 * choosing the current plan again keeps it (undoes the booked downgrade, decision 0130).
 */
export type PlanAction = 'current' | 'keep' | 'choose' | 'upgrade' | 'downgrade' | 'booked'

export const planAction = (subscription: Subscription, current: Plan | undefined, plan: Plan): PlanAction => {
  if (subscription.state !== 'active') return 'choose'
  if (plan.code === subscription.plan) return subscription.pendingPlan ? 'keep' : 'current'
  if (plan.code === subscription.pendingPlan) return 'booked'
  return !current || isUpgrade(current, plan) ? 'upgrade' : 'downgrade'
}

/**
 * What the screen expects the server to charge before it asks (the server's checkout amount is the
 * truth and is shown before the card pays): a new contract's period price, the free months off on the
 * first contract; an upgrade's prorated difference; nothing for a downgrade.
 */
export const previewAmount = (
  subscription: Subscription,
  current: Plan | undefined,
  plan: Plan,
  action: PlanAction,
  now: number
): number => {
  if (action === 'choose') return periodPrice(plan, subscription.start === null)
  if (action === 'upgrade' && current && subscription.start && subscription.end)
    return upgradeCharge(current, plan, { start: new Date(subscription.start), end: new Date(subscription.end) }, new Date(now))
  if (action === 'upgrade') return periodPrice(plan, false)
  return 0
}

/** The features a downgrade takes away, for its confirmation. */
export const downgradeLosses = (current: Plan | undefined, plan: Plan): PlanFeature[] =>
  current ? featuresLost(current.features, plan.features) : []

/**
 * May the merchant pay the next period now (spec §3.14 renew; decision 0130): under contract with
 * autoRenew off, or in grace or lapse after a contract (after a trial there is nothing to renew: a plan is chosen).
 */
export const canRenew = (subscription: Subscription): boolean =>
  (subscription.state === 'active' && !subscription.autoRenew) ||
  ((subscription.state === 'grace' || subscription.state === 'lapsed') && subscription.start !== null)

/** The plan a renewal pays for: the booked downgrade's when one is booked, else the current one. */
export const renewalPlan = (subscription: Subscription, plans: readonly Plan[]): Plan | undefined =>
  plans.find((plan) => plan.code === (subscription.pendingPlan ?? subscription.plan))

/** One line of a plan's limits: its message key and values ("3 staff", "Unlimited products"). */
export interface LimitLine {
  key: string
  values?: Record<string, number>
  /** Which values are money (cents), to be formatted by the screen. */
  money?: boolean
}

const LIMIT_ORDER: (keyof PlanLimits)[] = [
  'staffSeats',
  'subShops',
  'products',
  'monthlyDiscount',
  'orderDiscount',
  'orderDiscountPer'
]

export const limitLines = (limits: PlanLimits, features: readonly PlanFeature[]): LimitLine[] =>
  LIMIT_ORDER.flatMap((name): LimitLine[] => {
    // A sub-shop limit says nothing on a plan without sub-shops.
    if (name === 'subShops' && !features.includes('subShops')) return []
    const value = limits[name]
    if (value === null) return [{ key: `billingPage.limit.${name}.none` }]
    const money = name === 'monthlyDiscount' || name === 'orderDiscount'
    return [{ key: `billingPage.limit.${name}`, values: { count: value }, money }]
  })

/**
 * The cheapest active plan that has every one of `features` (the upgrade prompt names it); undefined
 * when no plan on offer has them all.
 */
export const cheapestPlanWith = (plans: readonly Plan[], features: readonly PlanFeature[]): Plan | undefined =>
  comparisonOrder(plans).find((plan) => features.every((feature) => plan.features.includes(feature)))

/** The checkout's refusals (decision 0130) the screen words itself, by the server's key. */
const CHECKOUT_ERRORS: Record<string, string> = {
  'billing.notConfigured': 'billingPage.pay.notConfigured',
  'billing.infoRequired': 'billingPage.pay.infoFirst',
  'billing.plan.unknown': 'billingPage.error.unknownPlan',
  'billing.samePlan': 'billingPage.error.samePlan',
  'billing.nothingToRenew': 'billingPage.error.nothingToRenew',
  'billing.renewNotDue': 'billingPage.error.renewNotDue',
  'billing.paymentInProgress': 'billingPage.error.paymentInProgress',
  'billing.off': 'billingPage.disabled'
}

/** A refusal of the checkout as one of the screen's messages; undefined when the screen has none for it. */
export const checkoutErrorKey = (key: string | undefined): string | undefined => {
  if (!key) return undefined
  if (key.startsWith('payment.provider.')) return failureKey(key)
  return CHECKOUT_ERRORS[key]
}

/** A failure key (`payment.provider.card_declined`) as one of the screen's own messages. */
export const failureKey = (key: string): string => {
  const code = key.split('.').pop() ?? ''
  return KNOWN_FAILURES.has(code) ? `billingPage.failure.${code}` : 'billingPage.failure.other'
}
export const KNOWN_FAILURES: ReadonlySet<string> = new Set([
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'authentication_required'
])

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club'
}

/** A saved card as the merchant knows it: "Visa •••• 4242" (the provider names brands in lower case). */
export const cardText = (card: { brand: string; last4: string }): string => {
  const brand = BRANDS[card.brand.toLowerCase()] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1)
  return `${brand} •••• ${card.last4}`
}
