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

/**
 * An intent on the platform's own account (decision 0130): the merchant paying Emporia. It also names the
 * customer the card is saved on, the card that paid, and why the last attempt failed.
 */
export interface PlatformIntent extends ProviderIntent {
  customer: string | null
  paymentMethod: string | null
  /** The decline's reason (`insufficient_funds`) or error code (`card_declined`); null when none failed. */
  failure: string | null
}

/** A saved card, as the screen shows it: never its number. */
export interface ProviderCard {
  id: string
  brand: string
  last4: string
  /** The customer it is saved on; null when it was not saved. */
  customer: string | null
}

/**
 * The platform's card provider (decision 0130): the shops' interface plus a customer to save the card on,
 * an intent that saves the paying card (`saveCard`) or charges the saved one off-session (`offSession`),
 * and the saved card's brand and last four.
 */
export interface PlatformProvider {
  readonly id: 'stripe'
  readonly browserScript: ProviderBrowserScript
  createCustomer(input: { idempotencyKey: string; metadata: Record<string, string> }): Promise<{ id: string }>
  createIntent(input: {
    amount: number
    currency: string
    idempotencyKey: string
    description?: string
    metadata: Record<string, string>
    customer: string
    /** Save the card that pays on the customer for later off-session charges. */
    saveCard?: boolean
    /** Charge this saved card now, without the customer (a renewal): confirmed at once. */
    offSession?: { paymentMethod: string }
  }): Promise<PlatformIntent>
  getIntent(id: string): Promise<PlatformIntent>
  cancelIntent(id: string, idempotencyKey: string): Promise<PlatformIntent>
  card(paymentMethodId: string): Promise<ProviderCard>
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
  /** The intent a declined confirmation left behind (an off-session charge refused), when the provider names it. */
  readonly intentId?: string

  /** `message` must be safe to show to a customer or merchant: never a key, an id or the provider's internals. */
  constructor(
    code: ProviderErrorCode,
    message: string,
    details: { declineCode?: string; providerCode?: string; requestId?: string; intentId?: string } = {}
  ) {
    super(message)
    this.name = 'ProviderError'
    this.code = code
    this.status = STATUS[code]
    this.retryable = RETRYABLE.has(code)
    this.declineCode = details.declineCode
    this.providerCode = details.providerCode
    this.requestId = details.requestId
    this.intentId = details.intentId
  }
}

export class ProviderSignatureError extends Error {
  constructor(message = 'The webhook signature could not be verified') {
    super(message)
    this.name = 'ProviderSignatureError'
  }
}
