import Stripe from 'stripe'
import {
  ProviderError,
  ProviderSignatureError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderBrowserScript,
  type ProviderIntentStatus,
  type ProviderRefund,
  type WebhookParser
} from './provider'
import { toProviderError } from './stripe-errors'

export interface StripeProviderOptions {
  /** `STRIPE_API_BASE` (e.g. the local double `http://127.0.0.1:12111`); unset = Stripe's real API. */
  apiBase?: string
  /** Retries of a failed network call (same idempotency key); tests of the connection error set 0. */
  maxNetworkRetries?: number
}

// A checkout waits on this call; Stripe's own 80 s default would hold a till for minutes with the retries.
const TIMEOUT_MS = 20_000
const CLIENTS_KEPT = 100

// One client per secret key (each shop has its own keys): building one sets up ~100 resource objects.
const clients = new Map<string, Stripe>()

export const clientFor = (secretKey: string, options: StripeProviderOptions): Stripe => {
  const maxNetworkRetries = options.maxNetworkRetries ?? 2
  const cacheKey = `${secretKey}\n${options.apiBase ?? ''}\n${maxNetworkRetries}`
  const cached = clients.get(cacheKey)
  if (cached) {
    // Map keeps insertion order: re-inserting marks it as the most recently used.
    clients.delete(cacheKey)
    clients.set(cacheKey, cached)
    return cached
  }
  const base = options.apiBase ? new URL(options.apiBase) : undefined
  const client = new Stripe(secretKey, {
    maxNetworkRetries,
    timeout: TIMEOUT_MS,
    appInfo: { name: 'Emporia' },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https'
    })
  })
  clients.set(cacheKey, client)
  if (clients.size > CLIENTS_KEPT) clients.delete(clients.keys().next().value as string)
  return client
}

/** How many clients are cached (tests check the bound). */
export const cachedStripeClients = () => clients.size

/**
 * Stripe's card suffix (the shop's "statement description"): Latin letters, digits and spaces only, at most
 * 22 characters, at least one letter; anything else is dropped rather than failing the payment.
 */
export const statementSuffix = (text: string | undefined): string | undefined => {
  const cleaned = (text ?? '')
    .replace(/[^A-Za-z0-9 .,&_-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 22)
    .trim()
  return /[A-Za-z]/.test(cleaned) ? cleaned : undefined
}

/**
 * Stripe counts these currencies in whole units or thousandths, not hundredths; our amounts are cents, so
 * rather than convert (and round) we refuse them. Hong Kong's HKD and every currency a shop here uses is
 * counted in hundredths.
 */
const NOT_IN_CENTS = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf bhd jod kwd omr tnd'.split(' '))

export const checkAmount = (amount: number, currency: string) => {
  if (!/^[a-z]{3}$/.test(currency) || NOT_IN_CENTS.has(currency))
    throw new ProviderError('invalid_request', 'This currency cannot be charged by card here')
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new ProviderError('invalid_request', 'The amount must be a positive whole number of cents')
}

const STATUSES: ReadonlySet<string> = new Set<ProviderIntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded'
])
// A status a later API version adds is treated as "still in progress": nothing is marked paid or void on it.
const statusOf = (status: string): ProviderIntentStatus =>
  STATUSES.has(status) ? (status as ProviderIntentStatus) : 'processing'

export const toIntent = (intent: Stripe.PaymentIntent): ProviderIntent => ({
  id: intent.id,
  status: statusOf(intent.status),
  amount: intent.amount,
  currency: intent.currency,
  clientSecret: intent.client_secret,
  metadata: { ...intent.metadata }
})

const intentIdOf = (value: string | Stripe.PaymentIntent | null) => (typeof value === 'string' ? value : (value?.id ?? ''))

const REFUND_STATUSES: ReadonlySet<string> = new Set(['pending', 'succeeded', 'failed', 'canceled', 'requires_action'])

const toRefund = (refund: Stripe.Refund): ProviderRefund => ({
  id: refund.id,
  status: REFUND_STATUSES.has(refund.status ?? '') ? (refund.status as ProviderRefund['status']) : 'pending',
  amount: refund.amount,
  intentId: intentIdOf(refund.payment_intent)
})

export const call = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work()
  } catch (error) {
    throw toProviderError(error)
  }
}

/**
 * Stripe.js and what its docs ask a page's CSP to allow; with `apiBase` (the local double) the double
 * serves a stand-in script and answers its calls itself.
 */
export const stripeBrowserScript = (apiBase?: string): ProviderBrowserScript => {
  if (!apiBase)
    return {
      url: 'https://js.stripe.com/v3/',
      connect: ['https://api.stripe.com'],
      frame: ['https://js.stripe.com', 'https://hooks.stripe.com']
    }
  const origin = new URL(apiBase).origin
  return { url: `${origin}/v3/`, connect: [origin], frame: [origin] }
}

export const stripeProvider = (secretKey: string, options: StripeProviderOptions = {}): PaymentProvider => {
  const stripe = () => clientFor(secretKey, options)
  return {
    id: 'stripe',
    browserScript: stripeBrowserScript(options.apiBase),
    createIntent: (input) =>
      call(async () => {
        const currency = input.currency.toLowerCase()
        checkAmount(input.amount, currency)
        const suffix = statementSuffix(input.statementDescriptor)
        const intent = await stripe().paymentIntents.create(
          {
            amount: input.amount,
            currency,
            metadata: input.metadata,
            ...(input.description && { description: input.description }),
            // `statement_descriptor` is refused for card payments; the suffix follows the account's prefix.
            ...(suffix && { statement_descriptor_suffix: suffix }),
            // Cards and wallets, confirmed in the customer's browser without leaving the page.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' }
          },
          { idempotencyKey: input.idempotencyKey }
        )
        return toIntent(intent)
      }),
    getIntent: (id) => call(async () => toIntent(await stripe().paymentIntents.retrieve(id))),
    cancelIntent: (id, idempotencyKey) =>
      call(async () => toIntent(await stripe().paymentIntents.cancel(id, {}, { idempotencyKey }))),
    refund: (input) =>
      call(async () => {
        if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
          throw new ProviderError('invalid_request', 'The amount must be a positive whole number of cents')
        // In the intent's currency, which createIntent allowed only if Stripe counts it in cents.
        const refund = await stripe().refunds.create(
          {
            payment_intent: input.intentId,
            amount: input.amount,
            ...(input.metadata && { metadata: input.metadata })
          },
          { idempotencyKey: input.idempotencyKey }
        )
        return toRefund(refund)
      })
  }
}

const INTENT_EVENTS: Partial<Record<string, 'intent.succeeded' | 'intent.failed' | 'intent.canceled'>> = {
  'payment_intent.succeeded': 'intent.succeeded',
  'payment_intent.payment_failed': 'intent.failed',
  'payment_intent.canceled': 'intent.canceled'
}
// Each carries the Refund itself; `charge.refunded` carries the Charge (no refund list since 2022-11-15) and stays 'other'.
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated'])

export const parseStripeWebhook: WebhookParser = (rawBody, signatureHeader, secret) => {
  const payload = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')
  let event: Stripe.Event
  try {
    // Verifies the HMAC over the exact bytes received and refuses timestamps older than 300 s (replays).
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', secret)
  } catch {
    // A bad header, a wrong secret, an old timestamp, or (signed, so never from Stripe) a body that is not JSON.
    throw new ProviderSignatureError()
  }
  const intentType = INTENT_EVENTS[event.type]
  if (intentType) return { type: intentType, id: event.id, intent: toIntent(event.data.object as Stripe.PaymentIntent) }
  if (REFUND_EVENTS.has(event.type))
    return { type: 'refund.updated', id: event.id, refund: toRefund(event.data.object as Stripe.Refund) }
  return { type: 'other', id: event.id, raw: payload } satisfies ProviderEvent
}
