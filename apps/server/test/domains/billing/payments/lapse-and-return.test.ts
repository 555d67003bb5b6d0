import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Shop, Subscription } from '@emporia/shared'
import { runBillingSweep } from '../../../../src/domains/billing/billing-sweep'
import { json } from '../../../support/clients'
import { dialects } from '../../../support/databases'
import { startStripeDouble, type StripeDouble } from '../../../support/stripe-double'
import type { TestApp } from '../../../support/test-app'
import { DAY, movableClock, paidFor, payingShop, startPayingApp } from './paying-support'

const TEN_OFF = { name: { en: 'Ten off' }, type: 'percentage', status: 'valid', avail: 'both', percentageDiscount: 10 }

/**
 * Issue 30's "done": a trial that ends unpaid goes through grace to lapse by the clock and the sweep, with
 * nothing lost, and paying by card through the platform's Stripe account (the double) brings every feature
 * back at once (decisions 0129, 0130).
 */
describe.each(await dialects())('a lapsed shop pays and comes back (%s)', (dialect) => {
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

  it('lapses after trial and grace keeping its records, and has its features back the moment it pays', async () => {
    const shop = await payingShop(t, 'Comes back')
    expect((await shop.api.create('discounts', TEN_OFF)).status).toBe(201)

    clock.forward((t.context.config.trialDays + 1) * DAY)
    await runBillingSweep(t.context, t.app)
    expect((await shop.subscription()).state).toBe('grace')
    clock.forward((t.context.config.billingGraceDays + 1) * DAY)
    await runBillingSweep(t.context, t.app)
    expect(await shop.subscription()).toMatchObject({ state: 'lapsed', features: [] })

    // Switched off for writing, readable and exportable: the discount made in the trial is all there.
    expect(await shop.api.create('discounts', TEN_OFF)).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.featureOff' } }
    })
    expect((await shop.api.get('discounts')).body).toMatchObject({ total: 1, data: [{ name: { en: 'Ten off' } }] })

    const { answer, subscription } = await paidFor(stripe, shop, 'business')
    expect(answer.amount).toBeGreaterThan(0)
    expect(subscription).toMatchObject<Partial<Subscription>>({ state: 'active', plan: 'business', graceEnd: null })
    const back = (await json(`${t.url}/api/shops/${shop.owner.shopId}`, { token: shop.owner.token })).body as unknown as Shop
    expect(back).toMatchObject({ billingState: 'active', contract: 'business', attributes: { discount: true, pos: true } })
    expect((await shop.api.create('discounts', TEN_OFF)).status).toBe(201)
    expect((await shop.api.get('discounts')).body).toMatchObject({ total: 2 })

    // The next sweeps leave a paid contract alone.
    await runBillingSweep(t.context, t.app)
    expect((await shop.subscription()).state).toBe('active')
  })
})
