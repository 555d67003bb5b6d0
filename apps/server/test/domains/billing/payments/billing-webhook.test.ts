import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Subscription } from '@emporia/shared'
import { call, connect } from '../../../support/clients'
import { dialects } from '../../../support/databases'
import { startStripeDouble, stripeEvent, type StripeDouble } from '../../../support/stripe-double'
import type { TestApp } from '../../../support/test-app'
import { eventHeard, PATIENCE } from '../../../support/waits'
import { checkedOut, movableClock, payInBrowser, payingShop, startPayingApp, WEBHOOK_SECRET } from './paying-support'

type Json = Record<string, unknown>

/**
 * The platform's webhook (decision 0130): a signed payment_intent.succeeded pays the charge once; a
 * redelivery, a forged signature or a replayed (old) one changes nothing.
 */
describe.each(await dialects())('the platform webhook (%s)', (dialect) => {
  let t: TestApp
  let stripe: StripeDouble
  let hook: string
  beforeAll(async () => {
    stripe = await startStripeDouble()
    t = await startPayingApp(dialect, stripe, movableClock())
    hook = `${t.url}/api/billing/webhook`
    stripe.addWebhookEndpoint(hook, WEBHOOK_SECRET)
  })
  afterAll(async () => {
    await t.close()
    await stripe.close()
  })

  const succeededEvent = (intent: string) =>
    stripe.events.find(
      (event) => event.type === 'payment_intent.succeeded' && (event.data as { object: { id: string } }).object.id === intent
    ) as Json

  const counts = async (shop: string) => ({
    invoices: (await t.db.knex('billingInvoices').where({ shop })).length,
    paid: (await t.db.knex('billingCharges').where({ shop, status: 'paid' })).length,
    subscription: (await t.db.knex('shopSubscriptions').where({ shop }).first()) as Json
  })

  it('pays the charge from the signed event, heard by the shop’s admin; a redelivery changes nothing', async () => {
    const shop = await payingShop(t, 'Hooked')
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: shop.owner.token })
    const heard = eventHeard<Subscription>(
      socket,
      'billing patched',
      (data) => data.shop === shop.owner.shopId && data.state === 'active'
    )
    const answer = await checkedOut(shop, { action: 'change', plan: 'pro' })
    await payInBrowser(stripe, answer)
    expect(await heard).toMatchObject({ plan: 'pro', card: { last4: '4242' } })
    expect((await shop.subscription()).state).toBe('active')
    const intent = String(answer.clientSecret).split('_secret_')[0]
    const event = succeededEvent(intent)
    expect(await t.db.knex('billingEvents').where({ id: event.id })).toHaveLength(1)
    const before = await counts(shop.owner.shopId)
    expect(before).toMatchObject({ invoices: 1, paid: 1 })

    expect((await stripe.sendWebhook(hook, event, WEBHOOK_SECRET)).status).toBe(200)
    expect((await stripe.sendWebhook(hook, { ...event }, WEBHOOK_SECRET)).status).toBe(200)
    expect(await counts(shop.owner.shopId)).toEqual(before)
  })

  it('refuses a forged or replayed event with 400, and nothing changes', async () => {
    const shop = await payingShop(t, 'Forged')
    const answer = await checkedOut(shop, { action: 'change', plan: 'basic' })
    const intent = stripe.intents.get(String(answer.clientSecret).split('_secret_')[0])!
    const forged = stripeEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' })
    expect((await stripe.sendWebhook(hook, forged, 'whsec_not_the_platforms')).status).toBe(400)
    const old = Math.floor(Date.now() / 1000) - 3600
    expect((await stripe.sendWebhook(hook, forged, WEBHOOK_SECRET, old)).status).toBe(400)
    const unsigned = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged)
    })
    expect(unsigned.status).toBe(400)
    expect(await t.db.knex('billingEvents').where({ id: forged.id })).toHaveLength(0)
    expect(await counts(shop.owner.shopId)).toMatchObject({ invoices: 0, paid: 0, subscription: { state: 'trial' } })
    // Correctly signed but untrue (the intent was never paid): the provider's own answer is what counts.
    expect((await stripe.sendWebhook(hook, forged, WEBHOOK_SECRET)).status).toBe(200)
    expect(await counts(shop.owner.shopId)).toMatchObject({ invoices: 0, paid: 0, subscription: { state: 'trial' } })
    expect((await fetch(hook)).status).toBe(405)
  })

  it('records a declined card from the payment_failed event: the contract stays as it was', async () => {
    const shop = await payingShop(t, 'Failed')
    const answer = await checkedOut(shop, { action: 'change', plan: 'pro' })
    await payInBrowser(stripe, answer, '4000000000009995')
    await stripe.flush()
    await expect.poll(async () => (await shop.subscription()).lastFailure, PATIENCE).toBe('payment.provider.card_declined')
    expect(await shop.subscription()).toMatchObject({ state: 'trial', start: null, card: null })
  })
})
