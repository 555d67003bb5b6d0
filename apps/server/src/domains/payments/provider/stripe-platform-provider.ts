import type Stripe from 'stripe'
import type { PlatformIntent, PlatformProvider } from './provider'
import { call, checkAmount, clientFor, stripeBrowserScript, toIntent, type StripeProviderOptions } from './stripe-provider'

const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null))

const toPlatformIntent = (intent: Stripe.PaymentIntent): PlatformIntent => {
  const error = intent.last_payment_error
  return {
    ...toIntent(intent),
    customer: idOf(intent.customer),
    paymentMethod: idOf(intent.payment_method),
    failure: error ? (error.decline_code ?? error.code ?? 'card_declined') : null
  }
}

/**
 * The platform's own Stripe account (decision 0130): the merchant's subscription is paid with PaymentIntents
 * on a Customer; the first payment saves the card (`setup_future_usage: off_session`), renewals charge it
 * off-session. Stripe Billing is not used: Emporia keeps the contract's schedule itself.
 */
export const stripePlatformProvider = (secretKey: string, options: StripeProviderOptions = {}): PlatformProvider => {
  const stripe = () => clientFor(secretKey, options)
  return {
    id: 'stripe',
    browserScript: stripeBrowserScript(options.apiBase),
    createCustomer: (input) =>
      call(async () => {
        const customer = await stripe().customers.create({ metadata: input.metadata }, { idempotencyKey: input.idempotencyKey })
        return { id: customer.id }
      }),
    createIntent: (input) =>
      call(async () => {
        const currency = input.currency.toLowerCase()
        checkAmount(input.amount, currency)
        const intent = await stripe().paymentIntents.create(
          {
            amount: input.amount,
            currency,
            customer: input.customer,
            metadata: input.metadata,
            ...(input.description && { description: input.description }),
            // Cards only, confirmed on the page (Stripe.js) or here for a renewal: nothing redirects.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            ...(input.saveCard && { setup_future_usage: 'off_session' as const }),
            ...(input.offSession && { payment_method: input.offSession.paymentMethod, off_session: true, confirm: true })
          },
          { idempotencyKey: input.idempotencyKey }
        )
        return toPlatformIntent(intent)
      }),
    getIntent: (id) => call(async () => toPlatformIntent(await stripe().paymentIntents.retrieve(id))),
    cancelIntent: (id, idempotencyKey) =>
      call(async () => toPlatformIntent(await stripe().paymentIntents.cancel(id, {}, { idempotencyKey }))),
    card: (id) =>
      call(async () => {
        const method = await stripe().paymentMethods.retrieve(id)
        return {
          id: method.id,
          brand: method.card?.brand ?? method.type,
          last4: method.card?.last4 ?? '',
          customer: idOf(method.customer)
        }
      })
  }
}
