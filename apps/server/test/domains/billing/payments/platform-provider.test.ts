import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProviderError } from '../../../../src/domains/payments/provider/provider'
import { stripePlatformProvider } from '../../../../src/domains/payments/provider/stripe-platform-provider'
import { startStripeDouble, type StripeDouble } from '../../../support/stripe-double'

/**
 * The platform's provider against the Stripe double (decision 0130): a customer, an intent that saves the
 * paying card on it, an off-session charge of the saved card, a decline that names its intent.
 */
describe('the platform provider on the Stripe double', () => {
  let stripe: StripeDouble
  let provider: ReturnType<typeof stripePlatformProvider>
  const key = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`
  beforeAll(async () => {
    stripe = await startStripeDouble()
    provider = stripePlatformProvider(stripe.secretKey, { apiBase: stripe.url, maxNetworkRetries: 0 })
  })
  afterAll(() => stripe.close())

  it('saves the card that pays on the customer and charges it off-session later', async () => {
    const customerKey = key('customer')
    const customer = await provider.createCustomer({ idempotencyKey: customerKey, metadata: { shop: 'a' } })
    expect(await provider.createCustomer({ idempotencyKey: customerKey, metadata: { shop: 'a' } })).toEqual(customer)
    expect(stripe.customers.size).toBe(1)

    const first = await provider.createIntent({
      amount: 4_776_00,
      currency: 'HKD',
      idempotencyKey: key('charge'),
      metadata: { charge: 'c1' },
      customer: customer.id,
      saveCard: true
    })
    expect(first).toMatchObject({ status: 'requires_payment_method', customer: customer.id, paymentMethod: null, failure: null })
    stripe.succeed(first.id)
    const paid = await provider.getIntent(first.id)
    expect(paid).toMatchObject({ status: 'succeeded', customer: customer.id })
    const card = await provider.card(paid.paymentMethod!)
    expect(card).toEqual({ id: paid.paymentMethod, brand: 'visa', last4: '4242', customer: customer.id })

    const renewal = await provider.createIntent({
      amount: 2_376_00,
      currency: 'HKD',
      idempotencyKey: key('renewal'),
      metadata: { charge: 'c2' },
      customer: customer.id,
      offSession: { paymentMethod: card.id }
    })
    expect(renewal).toMatchObject({ status: 'succeeded', paymentMethod: card.id, amount: 2_376_00 })
  })

  it('refuses a declined off-session charge as card_declined naming the intent it left', async () => {
    const customer = await provider.createCustomer({ idempotencyKey: key('customer'), metadata: {} })
    const first = await provider.createIntent({
      amount: 1000,
      currency: 'HKD',
      idempotencyKey: key('charge'),
      metadata: {},
      customer: customer.id,
      saveCard: true
    })
    stripe.succeed(first.id)
    const saved = (await provider.getIntent(first.id)).paymentMethod!
    stripe.cardWillDecline(saved, 'insufficient_funds')
    const declined = await provider
      .createIntent({
        amount: 1000,
        currency: 'HKD',
        idempotencyKey: key('renewal'),
        metadata: {},
        customer: customer.id,
        offSession: { paymentMethod: saved }
      })
      .catch((error: unknown) => error)
    expect(declined).toBeInstanceOf(ProviderError)
    expect(declined).toMatchObject({ code: 'card_declined', declineCode: 'insufficient_funds', status: 402 })
    const intent = await provider.getIntent((declined as ProviderError).intentId!)
    expect(intent).toMatchObject({ status: 'requires_payment_method', failure: 'insufficient_funds' })
    // A card saved on another customer cannot be charged for this one.
    const stranger = await provider.createCustomer({ idempotencyKey: key('customer'), metadata: {} })
    await expect(
      provider.createIntent({
        amount: 1000,
        currency: 'HKD',
        idempotencyKey: key('other'),
        metadata: {},
        customer: stranger.id,
        offSession: { paymentMethod: saved }
      })
    ).rejects.toMatchObject({ code: 'invalid_request' })
  })
})
