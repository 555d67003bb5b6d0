import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'

/** The shapes the local Stripe double answers with: a subset of Stripe's own, field names and all. */
export type Json = Record<string, unknown>

export interface DoubleIntent extends Json {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: string
  client_secret: string
  metadata: Record<string, string>
  payment_method: string | null
  latest_charge: string | null
  automatic_payment_methods: { enabled: boolean; allow_redirects: string } | null
  last_payment_error: Json | null
}

export interface DoubleCustomer extends Json {
  id: string
  object: 'customer'
  metadata: Record<string, string>
}

export interface DoublePaymentMethod extends Json {
  id: string
  object: 'payment_method'
  type: 'card'
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string; funding: string }
  /** The customer it is saved on (attached), or null. */
  customer: string | null
}

export interface DoubleCharge extends Json {
  id: string
  object: 'charge'
  amount: number
  amount_captured: number
  amount_refunded: number
  currency: string
  payment_intent: string
  refunded: boolean
  status: 'succeeded' | 'failed'
}

export interface DoubleRefund extends Json {
  id: string
  object: 'refund'
  amount: number
  charge: string
  currency: string
  payment_intent: string
  status: string
  metadata: Record<string, string>
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
/** Stripe-like ids: `pi_3Q…`, 24 characters after the prefix. */
export const stripeId = (prefix: string, length = 24) =>
  `${prefix}_${Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`

export const now = () => Math.floor(Date.now() / 1000)

/** A Stripe API error: the status and the `{ error: {...} }` body Stripe sends. */
export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
    /** Refused before the endpoint ran: Stripe keeps no idempotent result for these. */
    readonly validation = false
  ) {
    super(String(error.message))
  }
}

export const invalidRequest = (message: string, fields: Json = {}, validation = true) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...fields }, validation)

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param })

export const noSuch = (kind: string, id: string, param: string) =>
  new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param })

/** `a[b][c]=1` form bodies (what the SDK sends) into nested objects; `a[0]` into arrays. */
export const parseForm = (text: string): Json => {
  const root: Json = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/[[\]]+/).filter(Boolean)
    let node: Json | unknown[] = root
    parts.forEach((part, index) => {
      const slot = node as Record<string, unknown>
      if (index === parts.length - 1) slot[part] = value
      else node = (slot[part] ??= /^\d+$/.test(parts[index + 1]) ? [] : {}) as Json
    })
  }
  return root
}

/** Parameters compared for idempotency: the same keys and values in any order. */
export const canonical = (value: unknown): string =>
  value && typeof value === 'object'
    ? `{${Object.keys(value)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonical((value as Json)[key])}`)
        .join(',')}}`
    : JSON.stringify(value)

export const newIntent = (fields: {
  amount: number
  currency: string
  metadata: Record<string, string>
  description: string | null
  statementSuffix: string | null
  automatic: { enabled: boolean; allow_redirects: string } | null
}): DoubleIntent => {
  const id = stripeId('pi')
  return {
    id,
    object: 'payment_intent',
    amount: fields.amount,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: fields.automatic,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${stripeId('x').slice(2)}`,
    confirmation_method: 'automatic',
    created: now(),
    currency: fields.currency,
    customer: null,
    description: fields.description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: fields.metadata,
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    setup_future_usage: null,
    statement_descriptor: null,
    statement_descriptor_suffix: fields.statementSuffix,
    status: 'requires_payment_method'
  }
}

export const newCustomer = (fields: {
  metadata: Record<string, string>
  name: string | null
  email: string | null
}): DoubleCustomer => ({
  id: stripeId('cus', 14),
  object: 'customer',
  created: now(),
  description: null,
  email: fields.email,
  invoice_settings: { default_payment_method: null },
  livemode: false,
  metadata: fields.metadata,
  name: fields.name
})

/** A card as Stripe makes one from a test token (`pm_card_visa` → a new `pm_…` with the card's details). */
export const newPaymentMethod = (card: { brand: string; last4: string }): DoublePaymentMethod => ({
  id: stripeId('pm'),
  object: 'payment_method',
  type: 'card',
  billing_details: { address: null, email: null, name: null, phone: null },
  card: {
    brand: card.brand,
    last4: card.last4,
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    country: 'US',
    funding: 'credit'
  },
  created: now(),
  customer: null,
  livemode: false,
  metadata: {}
})

export const newCharge = (intent: DoubleIntent, paid: boolean): DoubleCharge => ({
  id: stripeId('ch'),
  object: 'charge',
  amount: intent.amount,
  amount_captured: paid ? intent.amount : 0,
  amount_refunded: 0,
  captured: paid,
  created: now(),
  currency: intent.currency,
  livemode: false,
  paid,
  payment_intent: intent.id,
  payment_method: intent.payment_method,
  refunded: false,
  status: paid ? 'succeeded' : 'failed'
})

export const newRefund = (
  charge: DoubleCharge,
  amount: number,
  metadata: Record<string, string>,
  status: string
): DoubleRefund => ({
  id: stripeId('re'),
  object: 'refund',
  amount,
  balance_transaction: null,
  charge: charge.id,
  created: now(),
  currency: charge.currency,
  metadata,
  payment_intent: charge.payment_intent,
  reason: null,
  status
})

/** An event as Stripe delivers it: a snapshot of the object at the time, in the SDK's pinned API version. */
export const stripeEvent = (
  type: string,
  object: Json,
  request: { id: string | null; idempotencyKey?: string } = { id: null }
): Json => ({
  id: stripeId('evt'),
  object: 'event',
  api_version: Stripe.API_VERSION,
  created: now(),
  data: { object: structuredClone(object) },
  livemode: false,
  pending_webhooks: 1,
  request: { id: request.id, idempotency_key: request.idempotencyKey ?? null },
  type
})

/** The body and `Stripe-Signature` header Stripe would send for `event`, signed with the endpoint's secret. */
export const signedWebhook = (event: Json | string, secret: string, timestamp = now()) => {
  const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2)
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) }
}

/** Delivers `event` to `targetUrl` the way Stripe does: a JSON POST with the signature header. */
export const sendWebhook = (targetUrl: string, event: Json | string, secret: string, timestamp?: number) => {
  const { payload, header } = signedWebhook(event, secret, timestamp)
  return fetch(targetUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': header,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)'
    },
    body: payload
  })
}
