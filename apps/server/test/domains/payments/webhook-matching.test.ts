import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startStripeDouble, stripeEvent, type StripeDouble } from '../../support/stripe-double'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../support/inventory-api'
import { madeOrder, pay, setShop } from '../../support/order-api'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Json = Record<string, unknown>
const WEBHOOK_SECRET = 'whsec_test_matching'

/**
 * A signed event confirms a payment only when it is that payment's (issue 28): the transaction id, the
 * method, the amount, the currency and the shop, order and payment it names must all match; anything
 * else is acknowledged (200, Stripe need not retry) and changes nothing.
 */
describe.each(await dialects())('webhook matching (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let w: string
  let stripe: StripeDouble
  beforeAll(async () => {
    stripe = await startStripeDouble()
    t = await startTestApp(dialect, { config: { stripeApiBase: stripe.url } })
    a = await shopOwner(t.url, 'Matching')
    w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    await setShop(t, a, {
      bankTransfer: { enabled: true, accounts: [{ bankName: 'HSBC', name: 'Matching Ltd', no: '123-456', enabled: true }] },
      cardPayment: {
        provider: 'stripe',
        enabled: true,
        publicKey: 'pk_test_matching',
        secretKey: stripe.secretKey,
        webhookSecret: WEBHOOK_SECRET
      }
    })
  })
  afterAll(async () => {
    await t.close()
    await stripe.close()
  })

  const orderOf = async (price: number) => {
    const product = await makeProduct(t, a, { price })
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 5 })
    return madeOrder(t, a, { products: [{ product, quantity: 1 }] })
  }
  const statusOf = async (path: string) => ((await call(t, a, 'GET', path)).body as { status: string }).status
  /** Sends a correctly signed event for an intent that looks like `intent` (as an attacker holding the secret could). */
  const deliver = async (type: string, intent: Json) => {
    const event = stripeEvent(type, { object: 'payment_intent', status: 'succeeded', client_secret: null, ...intent })
    return (await stripe.sendWebhook(`${t.url}/api/payments/webhooks/stripe/${a.shopId}`, event, WEBHOOK_SECRET)).status
  }

  it('never marks a bank transfer paid from a card event carrying its transaction id', async () => {
    const order = await orderOf(10_000)
    const transfer = (await pay(t, a, { order: order._id, method: 'bank', amount: 10_000 })).body as Json & {
      _id: string
      tranID: string
    }
    expect(transfer).toMatchObject({ status: 'pending', method: 'bank' })
    const metadata = { shop: a.shopId, order: order._id, payment: transfer._id }
    expect(await deliver('payment_intent.succeeded', { id: transfer.tranID, amount: 1, currency: 'hkd', metadata })).toBe(200)
    expect(await deliver('payment_intent.succeeded', { id: transfer.tranID, amount: 10_000, currency: 'hkd', metadata })).toBe(
      200
    )
    expect(await deliver('payment_intent.canceled', { id: transfer.tranID, amount: 10_000, currency: 'hkd', metadata })).toBe(200)
    expect(await statusOf(`payments/${transfer._id}`)).toBe('pending')
    expect(await statusOf(`orders/${order._id}`)).toBe('unpaid')
  })

  it('confirms a card payment only with the amount, currency, shop, order and payment it was opened for', async () => {
    const order = await orderOf(10_000)
    const other = await orderOf(2_000)
    const card = (await pay(t, a, { order: order._id, method: 'stripe', amount: 10_000, idempotencyKey: 'match-card-01' }))
      .body as Json & { _id: string; tranID: string }
    expect(card).toMatchObject({ status: 'pending', method: 'stripe' })
    const metadata = { shop: a.shopId, order: order._id, payment: card._id }
    const real = { id: card.tranID, amount: 10_000, currency: 'hkd', metadata }
    const forgeries: Json[] = [
      { ...real, amount: 1 },
      { ...real, amount: 10_001 },
      { ...real, currency: 'usd' },
      { ...real, metadata: { ...metadata, shop: other._id } },
      { ...real, metadata: { ...metadata, order: other._id } },
      { ...real, metadata: { ...metadata, payment: other._id } },
      { ...real, metadata: {} }
    ]
    for (const forged of forgeries) {
      expect(await deliver('payment_intent.succeeded', forged)).toBe(200)
      expect(await deliver('payment_intent.canceled', forged)).toBe(200)
    }
    expect(await statusOf(`payments/${card._id}`)).toBe('pending')
    expect(await statusOf(`orders/${order._id}`)).toBe('unpaid')
    // The event the payment was opened for still confirms it.
    expect(await deliver('payment_intent.succeeded', real)).toBe(200)
    expect(await statusOf(`payments/${card._id}`)).toBe('paid')
    expect(await statusOf(`orders/${order._id}`)).toBe('paid')
  })
})
