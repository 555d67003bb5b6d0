import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upgradeCharge, type BillingCheckout, type BillingInvoice, type Subscription } from '@emporia/shared'
import { json } from '../../../support/clients'
import { dialects } from '../../../support/databases'
import { startStripeDouble, type StripeDouble } from '../../../support/stripe-double'
import type { TestApp } from '../../../support/test-app'
import {
  checkedOut,
  info,
  movableClock,
  paidFor,
  payInBrowser,
  payingShop,
  PUBLISHABLE_KEY,
  startPayingApp
} from './paying-support'

const PRO_YEAR = 398_00 * 12

/**
 * Paying for the subscription on the platform's Stripe account (decision 0130), through the Stripe double:
 * a trial shop pays for a plan, a declined card changes nothing, two checkouts at once make one charge,
 * an upgrade is prorated, a downgrade is booked.
 */
describe.each(await dialects())('paying for the subscription (%s)', (dialect) => {
  let t: TestApp
  let stripe: StripeDouble
  const clock = movableClock()
  beforeAll(async () => {
    stripe = await startStripeDouble()
    t = await startPayingApp(dialect, stripe, clock)
  })
  afterAll(async () => {
    await t.close()
    await stripe.close()
  })

  it('takes a trial shop to Pro by card: active, the card saved, invoice EMP-000001 with the billing info, Pro’s features', async () => {
    const shop = await payingShop(t, 'First')
    const answer = await checkedOut(shop, { action: 'change', plan: 'pro' })
    expect(answer).toMatchObject({
      amount: PRO_YEAR,
      currency: 'HKD',
      publishableKey: PUBLISHABLE_KEY,
      scriptUrl: `${stripe.url}/v3/`
    })
    expect(answer.clientSecret).toMatch(/^pi_.+_secret_/)
    expect(answer.subscription.state).toBe('trial')
    const intent = stripe.intents.get(String(answer.clientSecret).split('_secret_')[0])!
    expect(intent).toMatchObject({ amount: PRO_YEAR, currency: 'hkd', setup_future_usage: 'off_session' })
    expect(intent.metadata).toMatchObject({ shop: shop.owner.shopId, charge: answer.charge })

    expect((await payInBrowser(stripe, answer)).status).toBe(200)
    // The page refreshes after Stripe.js confirms; no webhook is set up here.
    const paid = await shop.refresh()
    expect(paid).toMatchObject({ state: 'active', plan: 'pro', card: { brand: 'visa', last4: '4242' }, lastFailure: null })
    expect(new Date(paid.end!).getTime()).toBeGreaterThan(new Date(paid.start!).getTime() + 360 * 86_400_000)
    expect(paid.nextBill).toBe(paid.end)
    expect(paid.features).toContain('pos')
    expect(paid.features).not.toContain('app')

    const row = (await t.db.knex('shopSubscriptions').where({ shop: shop.owner.shopId }).first()) as Record<string, unknown>
    expect(row.hadContract).toBe(true)
    const saved = stripe.paymentMethods.get(String(row.providerPaymentMethod))
    expect(saved?.customer).toBe(row.providerCustomer)

    const shopRow = (await json(`${t.url}/api/shops/${shop.owner.shopId}`, { token: shop.owner.token })).body as Record<
      string,
      unknown
    >
    expect(shopRow).toMatchObject({ billingState: 'active', plan: 'pro', contract: 'pro', attributes: { pos: true } })
    expect((shopRow.attributes as Record<string, boolean>).app).toBeFalsy()

    const invoices = (await shop.api.get('billing/invoices')).body as unknown as { total: number; data: BillingInvoice[] }
    expect(invoices.total).toBe(1)
    expect(invoices.data[0]).toMatchObject({
      number: 'EMP-000001',
      kind: 'contract',
      plan: 'pro',
      planName: { en: 'Pro' },
      amount: PRO_YEAR,
      currency: 'HKD',
      billingInfo: info,
      card: { brand: 'visa', last4: '4242' },
      periodStart: paid.start,
      periodEnd: paid.end
    })
    expect(Object.keys(invoices.data[0])).not.toContain('charge')
    const one = await shop.api.get(`billing/invoices/${invoices.data[0]._id}`)
    expect(one).toMatchObject({ status: 200, body: { number: 'EMP-000001' } })
    // Another shop sees none of it.
    const other = await payingShop(t, 'Other')
    expect((await other.api.get(`billing/invoices/${invoices.data[0]._id}`)).status).toBe(404)
    expect(((await other.api.get('billing/invoices')).body as { total: number }).total).toBe(0)
  })

  it('refuses a checkout without billing info, for an unknown or retired plan, and the current plan', async () => {
    const shop = await payingShop(t, 'Refused')
    await t.db.knex('shopSubscriptions').where({ shop: shop.owner.shopId }).update({ billingInfo: null })
    expect(await shop.checkout({ action: 'change', plan: 'pro' })).toMatchObject({
      status: 400,
      body: { data: { key: 'billing.infoRequired' } }
    })
    await shop.api.patch(`billing/${shop.owner.shopId}`, { billingInfo: info })
    for (const plan of ['nope', undefined])
      expect(await shop.checkout({ action: 'change', ...(plan ? { plan } : {}) })).toMatchObject({
        status: 400,
        body: { data: { key: 'billing.plan.unknown', field: 'plan' } }
      })
    await t.db.knex('plans').insert({
      _id: '0'.repeat(23) + 'a',
      code: 'retired',
      name: JSON.stringify({ en: 'Old', cht: '舊', chs: '旧' }),
      priceMonthly: 100_00,
      periodMonths: 1,
      active: false
    })
    expect(await shop.checkout({ action: 'change', plan: 'retired' })).toMatchObject({
      status: 400,
      body: { data: { field: 'plan' } }
    })
    expect(await shop.checkout({ action: 'renew' })).toMatchObject({
      status: 400,
      body: { data: { key: 'billing.nothingToRenew' } }
    })
    expect(await shop.checkout({ action: 'pay' })).toMatchObject({ status: 400, body: { data: { field: 'action' } } })
    await paidFor(stripe, shop, 'basic')
    expect(await shop.checkout({ action: 'change', plan: 'basic' })).toMatchObject({
      status: 400,
      body: { data: { key: 'billing.samePlan', field: 'plan' } }
    })
    // autoRenew on: the contract renews by itself.
    expect(await shop.checkout({ action: 'renew' })).toMatchObject({
      status: 400,
      body: { data: { key: 'billing.renewNotDue' } }
    })
    expect(await t.db.knex('billingCharges').where({ shop: shop.owner.shopId }).count({ n: '*' })).toEqual([{ n: 1 }])
  })

  it('leaves the contract as it was when the card is declined, and the same checkout then pays with another card', async () => {
    const shop = await payingShop(t, 'Declined')
    const before = await shop.subscription()
    const answer = await checkedOut(shop, { action: 'change', plan: 'pro' })
    const declined = await payInBrowser(stripe, answer, '4000000000000002')
    expect(declined).toMatchObject({ status: 402, body: { error: { code: 'card_declined' } } })
    const after = await shop.refresh()
    expect(after).toMatchObject({
      state: 'trial',
      plan: before.plan,
      start: null,
      end: null,
      card: null,
      lastFailure: 'payment.provider.card_declined'
    })
    expect(after.features).toEqual(before.features)
    expect(await t.db.knex('billingInvoices').where({ shop: shop.owner.shopId })).toHaveLength(0)
    // The intent is still payable: asking again answers the same charge, and a good card pays it.
    const again = await checkedOut(shop, { action: 'change', plan: 'pro' })
    expect(again).toMatchObject({ charge: answer.charge, clientSecret: answer.clientSecret })
    await payInBrowser(stripe, again)
    expect(await shop.refresh()).toMatchObject({ state: 'active', plan: 'pro', lastFailure: null })
  })

  it('makes one pending charge and one provider intent for two checkouts at once; another plan cancels the first', async () => {
    const shop = await payingShop(t, 'Twice')
    const before = stripe.intents.size
    const [first, second] = (await Promise.all([
      checkedOut(shop, { action: 'change', plan: 'business' }),
      checkedOut(shop, { action: 'change', plan: 'business' })
    ])) as [BillingCheckout, BillingCheckout]
    expect(second.charge).toBe(first.charge)
    expect(second.clientSecret).toBe(first.clientSecret)
    expect(stripe.intents.size).toBe(before + 1)
    expect(await t.db.knex('billingCharges').where({ shop: shop.owner.shopId, status: 'pending' })).toHaveLength(1)

    const other = await checkedOut(shop, { action: 'change', plan: 'pro' })
    expect(other.charge).not.toBe(first.charge)
    const firstIntent = String(first.clientSecret).split('_secret_')[0]
    expect(stripe.intents.get(firstIntent)?.status).toBe('canceled')
    const charges = (await t.db.knex('billingCharges').where({ shop: shop.owner.shopId }).orderBy('createdAt')) as {
      status: string
      plan: string
    }[]
    expect(charges.map((charge) => [charge.plan, charge.status]).sort()).toEqual([
      ['business', 'canceled'],
      ['pro', 'pending']
    ])
    // The stale page can no longer pay the cancelled one.
    expect((await payInBrowser(stripe, first)).status).toBe(400)
  })

  it('upgrades now for the prorated difference, the period end unchanged; a cheaper plan is booked for the end', async () => {
    const shop = await payingShop(t, 'Upgrade')
    const { subscription: pro } = await paidFor(stripe, shop, 'pro')
    clock.forward(100 * 86_400_000)
    const upgrade = await checkedOut(shop, { action: 'change', plan: 'business' })
    const expected = upgradeCharge(
      { priceMonthly: 398_00 },
      { priceMonthly: 798_00 },
      { start: new Date(pro.start!), end: new Date(pro.end!) },
      clock.now()
    )
    expect(upgrade.amount).toBe(expected)
    expect(expected).toBeLessThan(400_00 * 12)
    expect(expected).toBeGreaterThan(0)
    await payInBrowser(stripe, upgrade)
    const business = await shop.refresh()
    expect(business).toMatchObject({ state: 'active', plan: 'business', start: pro.start, end: pro.end })
    expect(business.upgradeDate).not.toBeNull()
    expect(business.features).toContain('app')
    const [latest] = ((await shop.api.get('billing/invoices')).body as unknown as { data: BillingInvoice[] }).data
    expect(latest).toMatchObject({ kind: 'upgrade', plan: 'business', amount: expected, periodEnd: pro.end })

    const charges = await t.db.knex('billingCharges').where({ shop: shop.owner.shopId }).count({ n: '*' })
    const booked = await checkedOut(shop, { action: 'change', plan: 'basic' })
    expect(booked).toMatchObject({ charge: null, amount: 0, clientSecret: null })
    expect(booked.subscription).toMatchObject({ plan: 'business', pendingPlan: 'basic', state: 'active', end: pro.end })
    expect(booked.subscription.features).toContain('app')
    expect(await t.db.knex('billingCharges').where({ shop: shop.owner.shopId }).count({ n: '*' })).toEqual(charges)
    // Back to the current plan: the booked downgrade is undone.
    const unbooked = await checkedOut(shop, { action: 'change', plan: 'business' })
    expect(unbooked.subscription.pendingPlan).toBeNull()
  })

  it('starts a contract at once with no card call when the period is free', async () => {
    await t.db.knex('plans').insert({
      _id: '0'.repeat(23) + 'b',
      code: 'starter',
      name: JSON.stringify({ en: 'Starter', cht: '入門', chs: '入门' }),
      priceMonthly: 50_00,
      periodMonths: 12,
      freeMonths: 12,
      features: JSON.stringify(['discount']),
      rank: 5,
      active: true
    })
    const shop = await payingShop(t, 'Free')
    const requests = stripe.requests.filter((request) => request.path.startsWith('/v1/payment_intents')).length
    const answer = await checkedOut(shop, { action: 'change', plan: 'starter' })
    expect(answer).toMatchObject({ charge: null, amount: 0, clientSecret: null })
    expect(answer.subscription).toMatchObject({ state: 'active', plan: 'starter', features: ['discount'] })
    expect(stripe.requests.filter((request) => request.path.startsWith('/v1/payment_intents'))).toHaveLength(requests)
    const invoices = (await shop.api.get('billing/invoices')).body as unknown as { data: BillingInvoice[] }
    expect(invoices.data).toMatchObject([{ kind: 'contract', amount: 0, plan: 'starter' }])
  })

  it('lets the page refresh apply a payment whose webhook never came', async () => {
    const shop = await payingShop(t, 'Refresh')
    const answer = await checkedOut(shop, { action: 'change', plan: 'basic' })
    stripe.succeed(String(answer.clientSecret).split('_secret_')[0])
    expect((await shop.subscription()).state).toBe('trial')
    const subscription: Subscription = await shop.refresh()
    expect(subscription).toMatchObject({ state: 'active', plan: 'basic' })
    expect(await shop.refresh()).toMatchObject({ state: 'active', end: subscription.end })
    expect(await t.db.knex('billingInvoices').where({ shop: shop.owner.shopId })).toHaveLength(1)
  })
})
