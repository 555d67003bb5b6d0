import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMonths, type BillingInvoice } from '@emporia/shared'
import { runBillingSweep } from '../../../../src/domains/billing/billing-sweep'
import { renewSubscription } from '../../../../src/domains/billing/payments/renewal'
import type { ServiceContext } from '../../../../src/platform/http/service-context'
import { dialects } from '../../../support/databases'
import { startStripeDouble, type StripeDouble } from '../../../support/stripe-double'
import type { TestApp } from '../../../support/test-app'
import { checkedOut, DAY, movableClock, paidFor, payInBrowser, payingShop, startPayingApp, type Shop } from './paying-support'

/**
 * Renewal (decision 0130): the sweep's due renewal charges the saved card off-session under the charge's
 * id, once per period; a declined card leaves the contract as it was, with `lastFailure`.
 */
describe.each(await dialects())('renewal (%s)', (dialect) => {
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

  const renew = (shop: Shop) => renewSubscription(t.app, t.context as ServiceContext, shop.owner.shopId)
  // Charges the provider made: a call repeated under the same idempotency key is answered from its store.
  const offSessionCalls = () =>
    stripe.requests.filter(
      (request) => request.path === '/v1/payment_intents' && request.body.off_session === 'true' && !request.replayed
    )

  it('charges the next period on the saved card once the end has passed, once however often it is asked', async () => {
    const shop = await payingShop(t, 'Renewed')
    const { subscription: first } = await paidFor(stripe, shop, 'pro')
    // Not due yet: nothing is charged.
    expect(await renew(shop)).toBe('paid')
    expect(offSessionCalls()).toHaveLength(0)
    // A downgrade booked for the period end is what renews.
    await shop.checkout({ action: 'change', plan: 'basic' })
    clock.forward(new Date(first.end!).getTime() - clock.now().getTime() + DAY)
    const calls = offSessionCalls().length
    const [one, two] = await Promise.all([renew(shop), renew(shop)])
    expect([one, two]).toEqual(['paid', 'paid'])
    expect(offSessionCalls()).toHaveLength(calls + 1)
    const renewed = await shop.subscription()
    expect(renewed).toMatchObject({ state: 'active', plan: 'basic', pendingPlan: null, lastFailure: null })
    expect(renewed.end).toBe(addMonths(new Date(first.end!), 12).toISOString())
    expect(renewed.renewAt).not.toBeNull()
    expect(renewed.features).not.toContain('pos')
    const [latest] = ((await shop.api.get('billing/invoices')).body as unknown as { data: BillingInvoice[] }).data
    expect(latest).toMatchObject({
      kind: 'renewal',
      plan: 'basic',
      amount: 198_00 * 12,
      periodStart: first.end,
      periodEnd: renewed.end
    })
    expect(await renew(shop)).toBe('paid')
    expect(offSessionCalls()).toHaveLength(calls + 1)
    const request = offSessionCalls().at(-1)!
    const charge = (await t.db.knex('billingCharges').where({ shop: shop.owner.shopId, kind: 'renewal' }).first('_id')) as {
      _id: string
    }
    expect(request.idempotencyKey).toBe(charge._id)
  })

  it('leaves the contract as it was when the saved card is declined, and does not try the period again', async () => {
    const shop = await payingShop(t, 'Lapsing')
    const { subscription: paid } = await paidFor(stripe, shop, 'pro')
    const row = (await t.db.knex('shopSubscriptions').where({ shop: shop.owner.shopId }).first()) as {
      providerPaymentMethod: string
    }
    stripe.cardWillDecline(row.providerPaymentMethod)
    clock.forward(new Date(paid.end!).getTime() - clock.now().getTime() + DAY)
    const calls = offSessionCalls().length
    expect(await renew(shop)).toBe('failed')
    const after = await shop.subscription()
    expect(after).toMatchObject({
      state: 'active',
      plan: 'pro',
      start: paid.start,
      end: paid.end,
      lastFailure: 'payment.provider.card_declined'
    })
    const charges = (await t.db.knex('billingCharges').where({ shop: shop.owner.shopId, kind: 'renewal' })) as {
      status: string
      intentId: string | null
    }[]
    expect(charges).toHaveLength(1)
    expect(charges[0].status).toBe('failed')
    expect(charges[0].intentId).toMatch(/^pi_/)
    expect(await t.db.knex('billingInvoices').where({ shop: shop.owner.shopId })).toHaveLength(1)
    expect(await renew(shop)).toBe('failed')
    expect(offSessionCalls()).toHaveLength(calls + 1)
  })

  it('is what the billing sweep charges: a good card renews, a declined one goes to grace keeping the failure', async () => {
    const good = await payingShop(t, 'Swept')
    const bad = await payingShop(t, 'SweptDeclined')
    const { subscription: paid } = await paidFor(stripe, good, 'basic')
    await paidFor(stripe, bad, 'basic')
    const row = (await t.db.knex('shopSubscriptions').where({ shop: bad.owner.shopId }).first()) as {
      providerPaymentMethod: string
    }
    stripe.cardWillDecline(row.providerPaymentMethod)
    clock.forward(new Date(paid.end!).getTime() - clock.now().getTime() + DAY)
    const context = t.context as ServiceContext
    const result = await runBillingSweep(context, t.app, { renew: (shop) => renewSubscription(t.app, context, shop) })
    expect(result.renewed).toBeGreaterThanOrEqual(1)
    expect(await good.subscription()).toMatchObject({ state: 'active', lastFailure: null })
    expect(new Date((await good.subscription()).end!).getTime()).toBeGreaterThan(clock.now().getTime())
    expect(await bad.subscription()).toMatchObject({ state: 'grace', lastFailure: 'payment.provider.card_declined' })
    // Paying on the page from grace: a new period from now, the features kept throughout.
    const renewal = await checkedOut(bad, { action: 'renew' })
    expect(renewal.amount).toBe(198_00 * 12)
    await payInBrowser(stripe, renewal, '5555555555554444')
    expect(await bad.refresh()).toMatchObject({
      state: 'active',
      graceEnd: null,
      lastFailure: null,
      card: { brand: 'mastercard', last4: '4444' }
    })
  })
})
