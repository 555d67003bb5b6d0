import Stripe from 'stripe'
import { ProviderError, type ProviderErrorCode } from './provider'

// Stripe's texts outside card errors can name keys and ids; ours are the only ones that leave the server.
const MESSAGES: Record<Exclude<ProviderErrorCode, 'card_declined'>, string> = {
  invalid_request: 'The card provider refused the request',
  amount_too_large: 'The refund is larger than what remains of the payment',
  amount_too_small: 'The amount is below the smallest card payment',
  unexpected_state: 'The payment is not in a state that allows this',
  not_found: 'The payment was not found at the card provider',
  idempotency: 'This request was already made with different details',
  authentication: "The card provider refused the shop's keys",
  permission: "The shop's card payment keys may not do this",
  rate_limit: 'The card provider is busy; try again shortly',
  connection: 'The card provider could not be reached; try again shortly',
  provider: 'The card provider had a problem; try again shortly'
}

const INVALID_REQUEST_CODES: Partial<Record<string, ProviderErrorCode>> = {
  amount_too_large: 'amount_too_large',
  charge_already_refunded: 'amount_too_large',
  amount_too_small: 'amount_too_small',
  resource_missing: 'not_found',
  payment_intent_unexpected_state: 'unexpected_state'
}

const codeOf = (error: Stripe.errors.StripeError): ProviderErrorCode => {
  if (error instanceof Stripe.errors.StripeCardError) return 'card_declined'
  if (error instanceof Stripe.errors.StripeIdempotencyError) return 'idempotency'
  if (error instanceof Stripe.errors.StripeInvalidRequestError)
    return INVALID_REQUEST_CODES[error.code ?? ''] ?? 'invalid_request'
  if (error instanceof Stripe.errors.StripeAuthenticationError) return 'authentication'
  if (error instanceof Stripe.errors.StripePermissionError) return 'permission'
  if (error instanceof Stripe.errors.StripeRateLimitError) return 'rate_limit'
  if (error instanceof Stripe.errors.StripeConnectionError) return 'connection'
  return 'provider'
}

/** A Stripe SDK error in our words; anything else (a bug of ours) passes through unchanged. */
export const toProviderError = (error: unknown): unknown => {
  if (error instanceof ProviderError || !(error instanceof Stripe.errors.StripeError)) return error
  const code = codeOf(error)
  // Stripe writes card error messages for the customer ("Your card was declined.").
  const message = code === 'card_declined' ? error.message || 'The card was declined' : MESSAGES[code]
  return new ProviderError(code, message, {
    declineCode: error.decline_code,
    providerCode: error.code,
    requestId: error.requestId,
    intentId: error.payment_intent?.id
  })
}
