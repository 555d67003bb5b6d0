/**
 * Our own card payment provider contract (docs/decisions/0080). The payments service talks to this,
 * never to a provider's SDK, so a second provider or a test double needs no change there.
 * Amounts are integer cents (docs/decisions/0003) whatever the provider counts in.
 */
export type ProviderIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded'

export interface ProviderIntent {
  id: string
  status: ProviderIntentStatus
  /** Cents. */
  amount: number
  /** Lower-case ISO 4217 code, as the provider answers it (`hkd`). */
  currency: string
  /** Handed to the customer's browser to confirm the payment there; null once the provider withholds it. */
  clientSecret: string | null
  metadata: Record<string, string>
}

export interface ProviderRefund {
  id: string
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action'
  /** Cents. */
  amount: number
  intentId: string
}

export type ProviderEvent =
  | { type: 'intent.succeeded' | 'intent.failed' | 'intent.canceled'; /** event id */ id: string; intent: ProviderIntent }
  | { type: 'refund.updated'; id: string; refund: ProviderRefund }
  | { type: 'other'; id: string; raw: string }

/**
 * The provider's script a checkout page loads to take the card in the customer's browser (Stripe.js),
 * and the origins it talks to: the page's CSP allows exactly these (decision 0115).
 */
export interface ProviderBrowserScript {
  url: string
  /** Origins the script calls (CSP connect-src). */
  connect: string[]
  /** Origins of the frames it opens (CSP frame-src). */
  frame: string[]
}

export interface PaymentProvider {
  readonly id: 'stripe'
  readonly browserScript: ProviderBrowserScript
  createIntent(input: {
    amount: number
    currency: string
    idempotencyKey: string
    description?: string
    statementDescriptor?: string
    metadata: Record<string, string>
  }): Promise<ProviderIntent>
  getIntent(id: string): Promise<ProviderIntent>
  cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>
  refund(input: {
    intentId: string
    amount: number
    idempotencyKey: string
    metadata?: Record<string, string>
  }): Promise<ProviderRefund>
}

/** Verifies the signature and maps the event; throws ProviderSignatureError on a bad/old signature. */
export type WebhookParser = (rawBody: Buffer | string, signatureHeader: string | undefined, secret: string) => ProviderEvent

/**
 * What went wrong, in our words. `card_declined`: the customer's card (show the message); `amount_too_small`:
 * below the provider's smallest card payment (HK$4.00 at Stripe); `amount_too_large`: a refund over what is left;
 * `invalid_request`, `unexpected_state`, `not_found`: our request (a bug or a race); `idempotency`: a key
 * reused with other parameters; `authentication`, `permission`: the shop's keys; `rate_limit`, `connection`,
 * `provider`: the provider or the network, worth retrying later with the same idempotency key.
 */
export type ProviderErrorCode =
  | 'card_declined'
  | 'invalid_request'
  | 'amount_too_large'
  | 'amount_too_small'
  | 'unexpected_state'
  | 'not_found'
  | 'idempotency'
  | 'authentication'
  | 'permission'
  | 'rate_limit'
  | 'connection'
  | 'provider'

/** The HTTP status our own API answers for each code (a shop's bad keys are the gateway's fault, not the caller's). */
const STATUS: Record<ProviderErrorCode, number> = {
  card_declined: 402,
  invalid_request: 400,
  amount_too_large: 400,
  amount_too_small: 400,
  unexpected_state: 409,
  not_found: 404,
  idempotency: 409,
  authentication: 502,
  permission: 502,
  rate_limit: 503,
  connection: 503,
  provider: 502
}

const RETRYABLE: ReadonlySet<ProviderErrorCode> = new Set(['rate_limit', 'connection', 'provider'])

export class ProviderError extends Error {
  readonly code: ProviderErrorCode
  /** The issuer's reason for a decline (`insufficient_funds`, `generic_decline`), when the provider gives one. */
  readonly declineCode?: string
  /** The HTTP status our API should answer with. */
  readonly status: number
  /** The same call with the same idempotency key may succeed later. */
  readonly retryable: boolean
  /** The provider's own error code (`card_declined`, `expired_card`, `resource_missing`), for logs. */
  readonly providerCode?: string
  /** The provider's request id, for support. */
  readonly requestId?: string

  /** `message` must be safe to show to a customer or merchant: never a key, an id or the provider's internals. */
  constructor(
    code: ProviderErrorCode,
    message: string,
    details: { declineCode?: string; providerCode?: string; requestId?: string } = {}
  ) {
    super(message)
    this.name = 'ProviderError'
    this.code = code
    this.status = STATUS[code]
    this.retryable = RETRYABLE.has(code)
    this.declineCode = details.declineCode
    this.providerCode = details.providerCode
    this.requestId = details.requestId
  }
}

export class ProviderSignatureError extends Error {
  constructor(message = 'The webhook signature could not be verified') {
    super(message)
    this.name = 'ProviderSignatureError'
  }
}
