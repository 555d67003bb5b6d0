import Stripe from 'stripe'
import { ProviderError, ProviderSignatureError, type PaymentProvider } from '../../../../src/domains/payments/provider/provider'
import {
  cachedStripeClients,
  parseStripeWebhook,
  stripeProvider
} from '../../../../src/domains/payments/provider/stripe-provider'
import { toProviderError } from '../../../../src/domains/payments/provider/stripe-errors'
import { freePort } from '../../../support/server-process'
import { signedWebhook, startStripeDouble, stripeEvent, type StripeDouble } from '../../../support/stripe-double'

const WEBHOOK_SECRET = 'whsec_test_emporia'

let double: StripeDouble
let provider: PaymentProvider
/** The official SDK itself, standing in for what Stripe.js does in the customer's browser. */
let sdk: Stripe

const newKey = (label: string) => `shop1:${label}:${Math.random().toString(36).slice(2)}`
const caught = async (work: Promise<unknown>) => {
  try {
    await work
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}
const create = (amount = 1000, idempotencyKey = newKey('create')) =>
  provider.createIntent({ amount, currency: 'HKD', idempotencyKey, metadata: { shop: 'shop1', payment: 'p1' } })

beforeAll(async () => {
  double = await startStripeDouble()
  provider = stripeProvider(double.secretKey, { apiBase: double.url })
  const base = new URL(double.url)
  sdk = new Stripe(double.secretKey, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0 })
})
afterAll(() => double.close())

describe('stripe provider against the local double', () => {
  it('creates one intent for one idempotency key sent twice; the second answer is Stripe’s replay', async () => {
    const before = double.intents.size
    const input = {
      amount: 12_345,
      currency: 'HKD',
      idempotencyKey: newKey('create'),
      description: 'Order A-0001',
      statementDescriptor: 'Order A-0001 <test>',
      metadata: { shop: 'shop1', payment: 'p1' }
    }
    const first = await provider.createIntent(input)
    const second = await provider.createIntent(input)

    expect(second).toEqual(first)
    expect(first).toMatchObject({ status: 'requires_payment_method', amount: 12_345, currency: 'hkd', metadata: input.metadata })
    expect(first.clientSecret).toMatch(new RegExp(`^${first.id}_secret_`))
    expect(double.intents.size).toBe(before + 1)
    const seen = double.requests.filter((request) => request.idempotencyKey === input.idempotencyKey)
    expect(seen.map((request) => [request.method, request.path, request.replayed])).toEqual([
      ['POST', '/v1/payment_intents', false],
      ['POST', '/v1/payment_intents', true]
    ])
    // What the SDK put on the wire: card-safe descriptor suffix, no redirects, our metadata.
    expect(seen[0].body).toMatchObject({
      amount: '12345',
      currency: 'hkd',
      description: 'Order A-0001',
      statement_descriptor_suffix: 'Order A-0001 test',
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
      metadata: { shop: 'shop1', payment: 'p1' }
    })
    expect(seen[0].body).not.toHaveProperty('statement_descriptor')
  })

  it('refuses the same idempotency key with different parameters', async () => {
    const key = newKey('create')
    await create(1000, key)
    const error = await caught(create(2000, key))
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ code: 'idempotency', status: 409, retryable: false })
  })

  it('reads an intent back once the customer has paid', async () => {
    const intent = await create()
    double.succeed(intent.id)
    expect(await provider.getIntent(intent.id)).toMatchObject({ id: intent.id, status: 'succeeded', amount: 1000 })

    // The browser's confirmation needs no return_url: the intent allows no redirecting methods.
    const other = await create(2500)
    const confirmed = await sdk.paymentIntents.confirm(other.id, { payment_method: 'pm_card_visa' })
    expect(confirmed.status).toBe('succeeded')
    expect((await provider.getIntent(other.id)).status).toBe('succeeded')
  })

  it('maps a card decline to card_declined with the issuer’s reason; the intent waits for another card', async () => {
    const intent = await create()
    const declined = await caught(
      sdk.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' })
    )
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError)
    const error = toProviderError(declined)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      status: 402,
      message: 'Your card has insufficient funds.'
    })
    expect((await provider.getIntent(intent.id)).status).toBe('requires_payment_method')
  })

  it('replays a stored decline for the same key instead of charging again', async () => {
    const intent = await create()
    const params = { payment_method: 'pm_card_chargeDeclined' }
    const key = newKey('confirm')
    const first = await caught(sdk.paymentIntents.confirm(intent.id, params, { idempotencyKey: key }))
    const second = await caught(sdk.paymentIntents.confirm(intent.id, params, { idempotencyKey: key }))
    expect([first, second].map((error) => (error as Stripe.errors.StripeError).decline_code)).toEqual([
      'generic_decline',
      'generic_decline'
    ])
    expect(
      double.requests.filter((request) => request.idempotencyKey === key).map((request) => [request.status, request.replayed])
    ).toEqual([
      [402, false],
      [402, true]
    ])
    expect([...double.charges.values()].filter((charge) => charge.payment_intent === intent.id)).toHaveLength(1)
  })

  it('refunds in parts, refuses more than is left, and makes one refund per key', async () => {
    const intent = await create(10_000)
    double.succeed(intent.id)
    const input = { intentId: intent.id, amount: 3000, idempotencyKey: newKey('refund'), metadata: { payment: 'p1' } }
    const partial = await provider.refund(input)
    expect(partial).toMatchObject({ status: 'succeeded', amount: 3000, intentId: intent.id })
    expect(await provider.refund(input)).toEqual(partial)
    expect([...double.refunds.values()].filter((refund) => refund.payment_intent === intent.id)).toHaveLength(1)

    const tooMuch = await caught(provider.refund({ intentId: intent.id, amount: 7001, idempotencyKey: newKey('refund') }))
    expect(tooMuch).toMatchObject({
      code: 'amount_too_large',
      status: 400,
      message: 'The refund is larger than what remains of the payment'
    })

    expect(await provider.refund({ intentId: intent.id, amount: 7000, idempotencyKey: newKey('refund') })).toMatchObject({
      amount: 7000
    })
    const nothingLeft = await caught(provider.refund({ intentId: intent.id, amount: 1, idempotencyKey: newKey('refund') }))
    expect(nothingLeft).toMatchObject({ code: 'amount_too_large' })
  })

  it('refuses a refund of an unpaid intent and of no amount', async () => {
    const intent = await create()
    expect(await caught(provider.refund({ intentId: intent.id, amount: 100, idempotencyKey: newKey('refund') }))).toMatchObject({
      code: 'invalid_request'
    })
    const sent = double.requests.length
    expect(await caught(provider.refund({ intentId: intent.id, amount: 0, idempotencyKey: newKey('refund') }))).toMatchObject({
      code: 'invalid_request'
    })
    expect(double.requests.length).toBe(sent)
  })

  it('cancels an unpaid intent once per key, and refuses to cancel a paid one', async () => {
    const intent = await create()
    const key = newKey('cancel')
    const canceled = await provider.cancelIntent(intent.id, key)
    expect(canceled).toMatchObject({ id: intent.id, status: 'canceled' })
    expect(await provider.cancelIntent(intent.id, key)).toEqual(canceled)
    expect(double.requests.filter((request) => request.idempotencyKey === key).map((request) => request.replayed)).toEqual([
      false,
      true
    ])

    const paid = await create()
    double.succeed(paid.id)
    expect(await caught(provider.cancelIntent(paid.id, newKey('cancel')))).toMatchObject({
      code: 'unexpected_state',
      status: 409
    })
  })

  it('answers not_found for an unknown intent and amount_too_small below Stripe’s minimum', async () => {
    expect(await caught(provider.getIntent('pi_doesnotexist'))).toMatchObject({ code: 'not_found', status: 404 })
    // HK$4.00 is Stripe's smallest HKD card payment.
    expect(await caught(create(399))).toMatchObject({ code: 'amount_too_small', status: 400 })
    expect(await create(400)).toMatchObject({ amount: 400 })
  })

  it('refuses currencies Stripe does not count in cents, and fractions of a cent, without calling Stripe', async () => {
    const sent = double.requests.length
    const inYen = provider.createIntent({ amount: 1000, currency: 'JPY', idempotencyKey: newKey('create'), metadata: {} })
    expect(await caught(inYen)).toMatchObject({ code: 'invalid_request' })
    expect(await caught(create(1000.5))).toMatchObject({ code: 'invalid_request' })
    expect(double.requests.length).toBe(sent)
  })

  it('maps a wrong secret key to authentication without showing the key', async () => {
    const wrong = stripeProvider('sk_test_not_this_shops_key_9876', { apiBase: double.url })
    const error = await caught(wrong.getIntent('pi_any'))
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ code: 'authentication', status: 502 })
    expect((error as Error).message).not.toContain('9876')
    expect(double.requests.at(-1)).toMatchObject({ path: '/v1/payment_intents/pi_any', status: 401 })
  })

  it('maps an unreachable provider to connection, worth retrying', async () => {
    const nowhere = stripeProvider(double.secretKey, { apiBase: `http://127.0.0.1:${await freePort()}`, maxNetworkRetries: 0 })
    expect(await caught(nowhere.getIntent('pi_any'))).toMatchObject({ code: 'connection', status: 503, retryable: true })
  })

  it('keeps one client per secret key, at most 100', async () => {
    await provider.getIntent((await create()).id)
    const count = cachedStripeClients()
    await stripeProvider(double.secretKey, { apiBase: double.url }).getIntent((await create()).id)
    expect(cachedStripeClients()).toBe(count)
    for (let index = 0; index < 105; index++)
      await caught(stripeProvider(`sk_test_other_${index}`, { apiBase: double.url }).getIntent('pi_any'))
    expect(cachedStripeClients()).toBe(100)
  })
})

describe('stripe webhook parsing', () => {
  const paidEvent = async () => {
    const intent = await create(4200)
    double.succeed(intent.id)
    const event = double.events.find(
      (each) => each.type === 'payment_intent.succeeded' && (each.data as { object: { id: string } }).object.id === intent.id
    )
    if (!event) throw new Error('the double recorded no payment_intent.succeeded')
    return { intent, event }
  }

  it('accepts a correctly signed event and maps payment_intent.succeeded', async () => {
    const { intent, event } = await paidEvent()
    const { payload, header } = signedWebhook(event, WEBHOOK_SECRET)
    expect(parseStripeWebhook(Buffer.from(payload), header, WEBHOOK_SECRET)).toEqual({
      type: 'intent.succeeded',
      id: event.id,
      intent: { ...intent, status: 'succeeded' }
    })
  })

  it('maps a failed payment, a cancellation, a refund update, and leaves charge.refunded as other', async () => {
    const intent = await create()
    double.fail(intent.id)
    const paid = await create(5000)
    double.succeed(paid.id)
    const refund = await provider.refund({ intentId: paid.id, amount: 1000, idempotencyKey: newKey('refund') })
    double.settleRefund(refund.id, 'failed')
    const canceled = await provider.cancelIntent(intent.id, newKey('cancel'))
    const about = (id: string) =>
      double.events.filter((event) => (event.data as { object: { id: string; payment_intent?: string } }).object.id === id)
    const parse = (event: object) => {
      const { payload, header } = signedWebhook(event as Record<string, unknown>, WEBHOOK_SECRET)
      return parseStripeWebhook(payload, header, WEBHOOK_SECRET)
    }

    const failed = about(intent.id).find((event) => event.type === 'payment_intent.payment_failed') as object
    expect(parse(failed)).toMatchObject({ type: 'intent.failed', intent: { id: intent.id, status: 'requires_payment_method' } })
    expect(parse(about(intent.id).at(-1) as object)).toMatchObject({ type: 'intent.canceled', intent: canceled })
    expect(about(refund.id).map((event) => parse(event))).toEqual([
      { type: 'refund.updated', id: about(refund.id)[0].id, refund },
      { type: 'refund.updated', id: about(refund.id)[1].id, refund: { ...refund, status: 'failed' } }
    ])
    const chargeRefunded = stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: paid.id })
    const other = parse(chargeRefunded)
    expect(other).toMatchObject({ type: 'other', id: chargeRefunded.id })
    expect(JSON.parse((other as { raw: string }).raw)).toEqual(chargeRefunded)
  })

  it('refuses a tampered body, a wrong secret, an old timestamp and a missing header', async () => {
    const { event } = await paidEvent()
    const { payload, header } = signedWebhook(event, WEBHOOK_SECRET)
    const tampered = payload.replace('"amount": 4200', '"amount": 1')
    expect(tampered).not.toBe(payload)
    expect(() => parseStripeWebhook(tampered, header, WEBHOOK_SECRET)).toThrow(ProviderSignatureError)
    expect(() => parseStripeWebhook(payload, header, 'whsec_someone_else')).toThrow(ProviderSignatureError)
    // Stripe's default tolerance is 300 s: a delivery captured 10 minutes ago is a replay.
    const old = signedWebhook(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600)
    expect(() => parseStripeWebhook(old.payload, old.header, WEBHOOK_SECRET)).toThrow(ProviderSignatureError)
    expect(() => parseStripeWebhook(payload, undefined, WEBHOOK_SECRET)).toThrow(ProviderSignatureError)
    expect(parseStripeWebhook(payload, header, WEBHOOK_SECRET).type).toBe('intent.succeeded')
  })
})
