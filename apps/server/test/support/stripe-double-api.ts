import {
  invalidRequest,
  missingParam,
  newCharge,
  newCustomer,
  newIntent,
  newPaymentMethod,
  newRefund,
  noSuch,
  now,
  stripeEvent,
  StripeFailure,
  type DoubleCharge,
  type DoubleCustomer,
  type DoubleIntent,
  type DoublePaymentMethod,
  type DoubleRefund,
  type Json
} from './stripe-double-objects'

/** Stripe's test payment methods the double knows: `null` pays, a decline code declines, `action` asks for 3-D Secure. */
export type TestCard = { decline?: string; message?: string; action?: true }
export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: {},
  pm_card_mastercard: {},
  pm_card_chargeDeclined: { decline: 'generic_decline', message: 'Your card was declined.' },
  pm_card_visa_chargeDeclined: { decline: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { decline: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  pm_card_visa_chargeDeclinedInsufficientFunds: { decline: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  pm_card_authenticationRequired: { action: true }
}
/** The card each test token stands for (Stripe's test numbers' brand and last four). */
const CARD_OF: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
  pm_card_visa_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184' }
}

// Stripe's smallest charge per currency (in its minor unit); the rest default to 50.
const MINIMUM: Record<string, number> = { hkd: 400, usd: 50, eur: 50, gbp: 30, sgd: 50, aud: 50, cny: 400 }
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing']
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation']
const CREATE_PARAMS = new Set([
  'amount',
  'currency',
  'metadata',
  'description',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'automatic_payment_methods',
  'confirm',
  'payment_method',
  'return_url',
  'expand',
  'customer',
  'setup_future_usage',
  'off_session'
])
const CUSTOMER_PARAMS = new Set(['metadata', 'name', 'email', 'description', 'expand'])
const REFUND_PARAMS = new Set(['payment_intent', 'charge', 'amount', 'metadata', 'reason', 'expand'])

const refuseUnknown = (params: Json, allowed: Set<string>) => {
  const unknown = Object.keys(params).find((key) => !allowed.has(key))
  if (unknown) throw invalidRequest(`Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown })
}

const integerParam = (params: Json, name: string, required: boolean): number | undefined => {
  const value = params[name]
  if (value === undefined || value === '') {
    if (required) throw missingParam(name)
    return undefined
  }
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${String(value)}`, { code: 'parameter_invalid_integer', param: name })
  return Number(value)
}

const metadataParam = (value: unknown): Record<string, string> => {
  if (value === undefined || value === '') return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid hash', { param: 'metadata' })
  const entries = Object.entries(value as Json)
  if (entries.length > 50) throw invalidRequest('Metadata can have at most 50 keys.', { param: 'metadata' })
  for (const [key, text] of entries) {
    if (key.length > 40) throw invalidRequest('Metadata keys can be at most 40 characters long.', { param: `metadata[${key}]` })
    if (typeof text !== 'string' || text.length > 500)
      throw invalidRequest('Metadata values can be at most 500 characters long.', { param: `metadata[${key}]` })
  }
  return Object.fromEntries(entries) as Record<string, string>
}

const money = (minor: number, currency: string) => `${currency === 'hkd' ? 'HK$' : '$'}${(minor / 100).toFixed(2)}`

/** The state and rules behind the API routes; every change records the event Stripe would send. */
export class StripeDoubleApi {
  readonly intents = new Map<string, DoubleIntent>()
  readonly charges = new Map<string, DoubleCharge>()
  readonly refunds = new Map<string, DoubleRefund>()
  readonly customers = new Map<string, DoubleCustomer>()
  readonly paymentMethods = new Map<string, DoublePaymentMethod>()
  /** How each payment method made here behaves when charged (its test token's card; changed by `cardWillDecline`). */
  readonly behaviour = new Map<string, TestCard>()
  readonly events: Json[] = []

  constructor(
    private readonly refundStatus: 'succeeded' | 'pending',
    private readonly onEvent: (event: Json) => void
  ) {}

  /** Records what happened, as the event Stripe would send. */
  emit(type: string, object: Json, request?: { id: string; idempotencyKey?: string }) {
    const event = stripeEvent(type, object, request)
    this.events.push(event)
    this.onEvent(event)
  }

  intent(id: string): DoubleIntent {
    const intent = this.intents.get(id)
    if (!intent) throw noSuch('payment_intent', id, 'intent')
    return intent
  }

  createIntent(params: Json): DoubleIntent {
    refuseUnknown(params, CREATE_PARAMS)
    const amount = integerParam(params, 'amount', true) as number
    if (params.currency === undefined) throw missingParam('currency')
    const currency = String(params.currency).toLowerCase()
    if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: 'currency' })
    const minimum = MINIMUM[currency] ?? 50
    if (amount < minimum)
      throw invalidRequest(`Amount must be at least ${money(minimum, currency)} ${currency}`, {
        code: 'amount_too_small',
        param: 'amount'
      })
    const apm = params.automatic_payment_methods as Json | undefined
    // Since 2023-08-16 automatic payment methods are on unless the request says otherwise.
    const automatic = { enabled: apm?.enabled !== 'false', allow_redirects: String(apm?.allow_redirects ?? 'always') }
    if (params.statement_descriptor !== undefined)
      throw invalidRequest(
        'The `statement_descriptor` parameter is not supported for the `card` payment method type. Use `statement_descriptor_suffix` instead.',
        { param: 'statement_descriptor' }
      )
    const customer = params.customer === undefined ? null : String(params.customer)
    if (customer !== null && !this.customers.has(customer)) throw noSuch('customer', customer, 'customer')
    const future = params.setup_future_usage === undefined ? null : String(params.setup_future_usage)
    if (future !== null && future !== 'off_session' && future !== 'on_session')
      throw invalidRequest(`Invalid setup_future_usage: must be one of on_session, off_session`, { param: 'setup_future_usage' })
    if (future !== null && !customer)
      throw invalidRequest('A customer is required to save a payment method for future use.', { param: 'customer' })
    const offSession = params.off_session === 'true'
    if (params.off_session !== undefined && params.confirm !== 'true')
      throw invalidRequest('You can only pass `off_session` when `confirm` is true.', { param: 'off_session' })
    const suffix = params.statement_descriptor_suffix === undefined ? null : String(params.statement_descriptor_suffix)
    if (suffix !== null && (suffix.length > 22 || /[<>\\'"*]/.test(suffix) || !/[A-Za-z]/.test(suffix)))
      throw invalidRequest('Invalid statement descriptor suffix.', { param: 'statement_descriptor_suffix' })
    const intent = newIntent({
      amount,
      currency,
      metadata: metadataParam(params.metadata),
      description: params.description === undefined ? null : String(params.description),
      statementSuffix: suffix,
      automatic
    })
    intent.customer = customer
    intent.setup_future_usage = future
    this.intents.set(intent.id, intent)
    this.emit('payment_intent.created', intent)
    if (params.confirm === 'true') return this.confirmIntent(intent.id, params, offSession)
    return intent
  }

  customer(id: string): DoubleCustomer {
    const customer = this.customers.get(id)
    if (!customer) throw noSuch('customer', id, 'id')
    return customer
  }

  createCustomer(params: Json): DoubleCustomer {
    refuseUnknown(params, CUSTOMER_PARAMS)
    const customer = newCustomer({
      metadata: metadataParam(params.metadata),
      name: params.name === undefined ? null : String(params.name),
      email: params.email === undefined ? null : String(params.email)
    })
    this.customers.set(customer.id, customer)
    this.emit('customer.created', customer)
    return customer
  }

  paymentMethod(id: string): DoublePaymentMethod {
    const method = this.paymentMethods.get(id)
    if (!method) throw noSuch('payment_method', id, 'payment_method')
    return method
  }

  /**
   * The card a confirmation names: a test token makes a new payment method as Stripe does (`pm_card_visa` →
   * `pm_…`); a payment method made before is used again (a saved card), and must be the intent's customer's.
   */
  private methodFor(intent: DoubleIntent, name: string): { method: DoublePaymentMethod; card: TestCard } {
    const token = TEST_CARDS[name]
    if (token) {
      const method = newPaymentMethod(CARD_OF[name])
      this.paymentMethods.set(method.id, method)
      this.behaviour.set(method.id, token)
      return { method, card: token }
    }
    const method = this.paymentMethods.get(name)
    if (!method) throw invalidRequest(`No such PaymentMethod: '${name}'`, { code: 'resource_missing', param: 'payment_method' })
    if (method.customer && method.customer !== intent.customer)
      throw invalidRequest(`The provided PaymentMethod belongs to another customer.`, { param: 'payment_method' })
    return { method, card: this.behaviour.get(method.id) ?? {} }
  }

  /** A saved card that pays now and is declined from now on (an expired card, an empty account). */
  cardWillDecline(id: string, declineCode = 'insufficient_funds') {
    this.paymentMethod(id)
    this.behaviour.set(id, { decline: declineCode, message: 'Your card was declined.' })
  }

  confirmIntent(id: string, params: Json, offSession = false): DoubleIntent {
    const intent = this.intent(id)
    if (!CONFIRMABLE.includes(intent.status))
      throw invalidRequest(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
        false
      )
    const method = params.payment_method === undefined ? intent.payment_method : String(params.payment_method)
    if (!method)
      throw invalidRequest("You cannot confirm this PaymentIntent because it's missing a payment method.", {
        code: 'payment_intent_unexpected_state'
      })
    const resolved = this.methodFor(intent, method)
    if (
      intent.automatic_payment_methods?.enabled &&
      intent.automatic_payment_methods.allow_redirects !== 'never' &&
      !params.return_url
    )
      throw invalidRequest(
        'This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`.',
        { param: 'return_url' }
      )
    intent.payment_method = resolved.method.id
    // Off the customer's session nobody can pass 3-D Secure: Stripe declines with authentication_required.
    const card: TestCard =
      offSession && resolved.card.action
        ? { decline: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' }
        : resolved.card
    return this.settle(intent, card, offSession && resolved.card.action ? 'authentication_required' : undefined)
  }

  /** What Stripe.js does in the customer's browser: confirm with a card (3-D Secure passed, if it was asked). */
  confirmInBrowser(id: string, method: string, card: TestCard): DoubleIntent {
    const intent = this.intent(id)
    if (!CONFIRMABLE.includes(intent.status) && intent.status !== 'requires_action')
      throw invalidRequest(`This PaymentIntent has a status of ${intent.status} and cannot be confirmed.`, {
        code: 'payment_intent_unexpected_state'
      })
    // 3-D Secure already asked for: the same card, now authenticated in the customer's browser.
    const resolved =
      intent.status === 'requires_action' && intent.payment_method
        ? { method: this.paymentMethod(intent.payment_method) }
        : this.methodFor(intent, method)
    intent.payment_method = resolved.method.id
    intent.next_action = null
    return this.settle(intent, card)
  }

  /** The outcome of a confirmation with a test card (also what `succeed` / `fail` use). */
  settle(intent: DoubleIntent, card: TestCard, code = 'card_declined'): DoubleIntent {
    if (card.action) {
      intent.status = 'requires_action'
      intent.next_action = { type: 'use_stripe_sdk' }
      this.emit('payment_intent.requires_action', intent)
      return intent
    }
    const charge = newCharge(intent, !card.decline)
    this.charges.set(charge.id, charge)
    intent.latest_charge = charge.id
    if (card.decline) {
      const error = {
        type: 'card_error',
        code,
        decline_code: card.decline,
        message: card.message,
        charge: charge.id,
        doc_url: 'https://stripe.com/docs/error-codes/card-declined'
      }
      intent.status = 'requires_payment_method'
      intent.last_payment_error = {
        ...error,
        payment_method: { id: intent.payment_method, object: 'payment_method', type: 'card' }
      }
      this.emit('payment_intent.payment_failed', intent)
      // Stripe keeps the declined attempt's answer under the idempotency key like any other result.
      throw new StripeFailure(402, { ...error, payment_intent: structuredClone(intent) })
    }
    intent.status = 'succeeded'
    intent.amount_received = intent.amount
    intent.last_payment_error = null
    // setup_future_usage: the card that paid is saved on the intent's customer for later (off-session) charges.
    const method = intent.payment_method ? this.paymentMethods.get(intent.payment_method) : undefined
    if (intent.setup_future_usage && typeof intent.customer === 'string' && method && !method.customer) {
      method.customer = intent.customer
      this.emit('payment_method.attached', method)
    }
    this.emit('charge.succeeded', charge)
    this.emit('payment_intent.succeeded', intent)
    return intent
  }

  cancelIntent(id: string, params: Json): DoubleIntent {
    const intent = this.intent(id)
    if (!CANCELABLE.includes(intent.status))
      throw invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) },
        false
      )
    intent.status = 'canceled'
    intent.canceled_at = now()
    intent.cancellation_reason = params.cancellation_reason ?? null
    this.emit('payment_intent.canceled', intent)
    return intent
  }

  createRefund(params: Json): DoubleRefund {
    refuseUnknown(params, REFUND_PARAMS)
    const intentId = params.payment_intent as string | undefined
    if (!intentId && !params.charge) throw missingParam('payment_intent')
    const charge = intentId
      ? this.charges.get(String(this.intent(intentId).latest_charge))
      : params.charge
        ? this.charges.get(String(params.charge))
        : undefined
    if (!charge || charge.status !== 'succeeded')
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {}, false)
    const remaining = charge.amount_captured - charge.amount_refunded
    if (remaining === 0)
      throw invalidRequest(
        `Charge ${charge.id} has already been refunded.`,
        { code: 'charge_already_refunded', charge: charge.id },
        false
      )
    const amount = integerParam(params, 'amount', false) ?? remaining
    if (amount > remaining)
      throw invalidRequest(
        `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(remaining, charge.currency)})`,
        { code: 'amount_too_large', param: 'amount' },
        false
      )
    const refund = newRefund(charge, amount, metadataParam(params.metadata), this.refundStatus)
    this.refunds.set(refund.id, refund)
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded === charge.amount_captured
    this.emit('refund.created', refund)
    this.emit('charge.refunded', charge)
    return refund
  }

  /** A pending refund's later outcome, as Stripe reports it with `refund.updated`. */
  settleRefund(id: string, status: 'succeeded' | 'failed' | 'canceled'): DoubleRefund {
    const refund = this.refunds.get(id)
    if (!refund) throw noSuch('refund', id, 'refund')
    refund.status = status
    if (status !== 'succeeded') {
      const charge = this.charges.get(refund.charge) as DoubleCharge
      charge.amount_refunded -= refund.amount
      charge.refunded = false
    }
    this.emit('refund.updated', refund)
    return refund
  }
}
