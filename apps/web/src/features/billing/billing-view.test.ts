import { describe, expect, it } from 'vitest'
import type { Plan, PlanFeature, Subscription } from '@emporia/shared'
import {
  canRenew,
  cardText,
  checkoutErrorKey,
  cheapestPlanWith,
  comparisonRows,
  downgradeLosses,
  failureKey,
  limitLines,
  planAction,
  previewAmount,
  renewalPlan,
  statusView
} from './billing-view'
import { billingMessages } from './billing.messages'

const DAY = 86_400_000
const now = Date.parse('2026-12-01T00:00:00Z')
const at = (days: number) => new Date(now + days * DAY).toISOString()

const plan = (code: string, rank: number, priceMonthly: number, features: PlanFeature[], more: Partial<Plan> = {}): Plan => ({
  _id: code.padEnd(24, '0').slice(0, 24),
  code,
  name: { en: code, cht: code, chs: code },
  priceMonthly,
  periodMonths: 12,
  freeMonths: 0,
  features,
  limits: { staffSeats: 3, subShops: 0, products: 500, monthlyDiscount: 200_000, orderDiscount: 50_000, orderDiscountPer: 20 },
  offer: { en: '', cht: '', chs: '' },
  rank,
  active: true,
  createdAt: '',
  updatedAt: '',
  ...more
})

const basic = plan('basic', 10, 19_800, ['discount', 'promotion', 'pageEditor'])
const pro = plan(
  'pro',
  20,
  39_800,
  ['discount', 'promotion', 'pageEditor', 'pos', 'bundle', 'domains', 'subsequentPayment', 'subShops'],
  {
    freeMonths: 12
  }
)
const business = plan(
  'business',
  30,
  79_800,
  ['app', 'bundle', 'discount', 'promotion', 'pos', 'subsequentPayment', 'pageEditor', 'domains', 'subShops'],
  {
    limits: {
      staffSeats: null,
      subShops: null,
      products: null,
      monthlyDiscount: null,
      orderDiscount: null,
      orderDiscountPer: null
    }
  }
)
const retired = plan('legacy', 5, 9_900, ['discount'], { active: false })
// Out of order on purpose: the comparison sorts by rank.
const plans = [business, retired, basic, pro]

const subscription = (patch: Partial<Subscription> = {}): Subscription => ({
  _id: 's'.repeat(24),
  shop: 'b'.repeat(24),
  state: 'trial',
  plan: 'business',
  trialEnd: at(10),
  start: null,
  end: null,
  autoRenew: true,
  nextBill: null,
  renewAt: null,
  upgradeDate: null,
  pendingPlan: null,
  graceEnd: null,
  features: [],
  billingInfo: null,
  card: null,
  lastFailure: null,
  createdAt: '',
  updatedAt: '',
  ...patch
})
const contract = (code: string, patch: Partial<Subscription> = {}) =>
  subscription({ state: 'active', plan: code, start: at(-30), end: at(335), nextBill: at(335), ...patch })

describe('the plan comparison', () => {
  it('lists the active plans cheapest first, each with what it adds over the one before', () => {
    const rows = comparisonRows(plans)
    expect(rows.map((row) => row.plan.code)).toEqual(['basic', 'pro', 'business'])
    expect(rows[0].added).toEqual(['discount', 'promotion', 'pageEditor'])
    expect(rows[1].added).toEqual(['pos', 'bundle', 'domains', 'subsequentPayment', 'subShops'])
    expect(rows[2].added).toEqual(['app'])
  })

  it('lists what a downgrade takes away', () => {
    expect(downgradeLosses(business, pro)).toEqual(['app'])
    expect(downgradeLosses(pro, basic)).toEqual(['pos', 'bundle', 'domains', 'subsequentPayment', 'subShops'])
    expect(downgradeLosses(basic, pro)).toEqual([])
    expect(downgradeLosses(undefined, basic)).toEqual([])
  })

  it('says each limit in the merchant words, sub-shops only where the plan has them', () => {
    expect(limitLines(basic.limits, basic.features)).toEqual([
      { key: 'billingPage.limit.staffSeats', values: { count: 3 }, money: false },
      { key: 'billingPage.limit.products', values: { count: 500 }, money: false },
      { key: 'billingPage.limit.monthlyDiscount', values: { count: 200_000 }, money: true },
      { key: 'billingPage.limit.orderDiscount', values: { count: 50_000 }, money: true },
      { key: 'billingPage.limit.orderDiscountPer', values: { count: 20 }, money: false }
    ])
    expect(limitLines(business.limits, business.features).map((line) => line.key)).toEqual([
      'billingPage.limit.staffSeats.none',
      'billingPage.limit.subShops.none',
      'billingPage.limit.products.none',
      'billingPage.limit.monthlyDiscount.none',
      'billingPage.limit.orderDiscount.none',
      'billingPage.limit.orderDiscountPer.none'
    ])
    // Every line the screen can show has its text.
    for (const line of [...limitLines(basic.limits, pro.features), ...limitLines(business.limits, business.features)])
      expect(billingMessages.en, line.key).toHaveProperty([line.key])
  })

  it('names the cheapest plan on offer that has every feature asked for', () => {
    expect(cheapestPlanWith(plans, ['discount'])?.code).toBe('basic')
    expect(cheapestPlanWith(plans, ['pos', 'bundle'])?.code).toBe('pro')
    expect(cheapestPlanWith(plans, ['app'])?.code).toBe('business')
    expect(cheapestPlanWith([basic], ['app'])).toBeUndefined()
  })
})

describe('what a plan button does', () => {
  it('chooses any plan without a paid contract (trial, grace, lapsed)', () => {
    for (const state of ['trial', 'grace', 'lapsed'] as const)
      for (const target of [basic, pro, business])
        expect(planAction(subscription({ state }), business, target), `${state} ${target.code}`).toBe('choose')
  })

  it('under contract: the plan itself is current, dearer is an upgrade, cheaper a downgrade, a booked one waits', () => {
    const onPro = contract('pro')
    expect(planAction(onPro, pro, pro)).toBe('current')
    expect(planAction(onPro, pro, business)).toBe('upgrade')
    expect(planAction(onPro, pro, basic)).toBe('downgrade')
    expect(planAction(contract('pro', { pendingPlan: 'basic' }), pro, basic)).toBe('booked')
    // The current plan chosen again undoes the booked downgrade.
    expect(planAction(contract('pro', { pendingPlan: 'basic' }), pro, pro)).toBe('keep')
  })

  it('previews the amount: the period price (free months off the first contract), the prorated upgrade, nothing to downgrade', () => {
    const trial = subscription()
    expect(previewAmount(trial, business, basic, 'choose', now)).toBe(19_800 * 12)
    // Pro's first year is free.
    expect(previewAmount(trial, business, pro, 'choose', now)).toBe(0)
    // A shop that had a contract pays the whole period.
    expect(previewAmount(subscription({ state: 'lapsed', start: at(-400), end: at(-35) }), pro, pro, 'choose', now)).toBe(
      39_800 * 12
    )
    const onBasic = contract('basic', { start: new Date(now).toISOString(), end: '2027-12-01T00:00:00.000Z' })
    // A whole period left: the monthly difference times twelve.
    expect(previewAmount(onBasic, basic, pro, 'upgrade', now)).toBe((39_800 - 19_800) * 12)
    expect(previewAmount(onBasic, basic, pro, 'upgrade', Date.parse('2027-06-01T00:00:00Z'))).toBeLessThan((39_800 - 19_800) * 7)
    expect(previewAmount(contract('pro'), pro, basic, 'downgrade', now)).toBe(0)
  })

  it('offers Renew under contract with auto-renew off, or in grace after a contract', () => {
    expect(canRenew(contract('pro'))).toBe(false)
    expect(canRenew(contract('pro', { autoRenew: false }))).toBe(true)
    expect(canRenew(subscription({ state: 'grace', start: at(-365), end: at(-1), graceEnd: at(6) }))).toBe(true)
    expect(canRenew(subscription({ state: 'lapsed', start: at(-400), end: at(-35) }))).toBe(true)
    // After a trial there is nothing to renew: the merchant chooses a plan.
    expect(canRenew(subscription({ state: 'grace', graceEnd: at(6) }))).toBe(false)
    expect(canRenew(subscription())).toBe(false)
    expect(canRenew(subscription({ state: 'lapsed' }))).toBe(false)
  })

  it('renews the booked downgrade plan when one is booked', () => {
    expect(renewalPlan(contract('pro', { autoRenew: false }), plans)?.code).toBe('pro')
    expect(renewalPlan(contract('pro', { autoRenew: false, pendingPlan: 'basic' }), plans)?.code).toBe('basic')
  })

  it('words the checkout refusals itself, and leaves the others to the server', () => {
    expect(checkoutErrorKey('billing.notConfigured')).toBe('billingPage.pay.notConfigured')
    expect(checkoutErrorKey('billing.infoRequired')).toBe('billingPage.pay.infoFirst')
    expect(checkoutErrorKey('payment.provider.card_declined')).toBe('billingPage.failure.card_declined')
    expect(checkoutErrorKey('errors.featureOff')).toBeUndefined()
    expect(checkoutErrorKey(undefined)).toBeUndefined()
    for (const key of [
      'billing.notConfigured',
      'billing.infoRequired',
      'billing.plan.unknown',
      'billing.samePlan',
      'billing.nothingToRenew',
      'billing.renewNotDue',
      'billing.paymentInProgress',
      'billing.off'
    ])
      expect(billingMessages.en, key).toHaveProperty([checkoutErrorKey(key)!])
  })
})

describe('the current plan state', () => {
  it('counts the trial, the grace and the contract in days, and says when the trial has ended', () => {
    expect(statusView(subscription(), now)).toEqual({ kind: 'trial', days: 10 })
    expect(statusView(subscription({ trialEnd: at(-1) }), now)).toEqual({ kind: 'trialEnded' })
    expect(statusView(subscription({ state: 'grace', graceEnd: at(4.5) }), now)).toEqual({ kind: 'grace', days: 5 })
    expect(statusView(subscription({ state: 'lapsed' }), now)).toEqual({ kind: 'lapsed' })
    expect(statusView(subscription({ state: 'off' }), now)).toEqual({ kind: 'off' })
    expect(statusView(contract('pro'), now)).toMatchObject({ kind: 'active', days: 335, expiring: false })
    expect(statusView(contract('pro', { end: at(3) }), now)).toMatchObject({ kind: 'active', days: 3, expiring: true })
  })

  it('translates a failure key into the screen own words', () => {
    expect(failureKey('payment.provider.card_declined')).toBe('billingPage.failure.card_declined')
    expect(failureKey('payment.provider.insufficient_funds')).toBe('billingPage.failure.insufficient_funds')
    expect(failureKey('something.unknown')).toBe('billingPage.failure.other')
    for (const key of ['card_declined', 'insufficient_funds', 'expired_card', 'authentication_required', 'x'])
      expect(billingMessages.en).toHaveProperty([failureKey(key)])
  })

  it('names a saved card as the merchant knows it', () => {
    expect(cardText({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242')
    expect(cardText({ brand: 'amex', last4: '0005' })).toBe('American Express •••• 0005')
    expect(cardText({ brand: 'newcard', last4: '1111' })).toBe('Newcard •••• 1111')
  })
})
