import { FeathersError } from '@feathersjs/errors'
import type { AppConfig } from '../../../config'
import { ProviderError, type PlatformProvider, type ProviderBrowserScript } from '../../payments/provider/provider'
import { stripeBrowserScript } from '../../payments/provider/stripe-provider'
import { stripePlatformProvider } from '../../payments/provider/stripe-platform-provider'

type Config = Pick<AppConfig, 'platformStripe' | 'stripeApiBase'>

const NAMES: Record<number, string> = {
  400: 'BadRequest',
  402: 'PaymentError',
  404: 'NotFound',
  409: 'Conflict',
  502: 'BadGateway',
  503: 'Unavailable'
}

/** A provider's refusal as the API answers it: its status, a safe message and the key the web translates. */
export const asFeathersError = (error: unknown) => {
  if (!(error instanceof ProviderError)) return error
  const name = NAMES[error.status] ?? 'GeneralError'
  return new FeathersError(error.message, name, error.status, name.toLowerCase(), {
    key: `payment.provider.${error.code}`,
    ...(error.declineCode ? { declineCode: error.declineCode } : {})
  })
}

/** The platform's own Stripe account (PLATFORM_STRIPE_SECRET_KEY), pointed at STRIPE_API_BASE when set; null without a key. */
export const platformProvider = (config: Config): PlatformProvider | null =>
  config.platformStripe.secretKey
    ? stripePlatformProvider(config.platformStripe.secretKey, { apiBase: config.stripeApiBase })
    : null

/** Paying needs the platform's keys: without them checkout says so (503), never fakes a payment. */
export const requirePlatformProvider = (config: Config): PlatformProvider => {
  const provider = platformProvider(config)
  if (!provider || !config.platformStripe.publishableKey)
    throw new FeathersError(
      'Card payments for the subscription are not set up on this server',
      'Unavailable',
      503,
      'unavailable',
      {
        key: 'billing.notConfigured'
      }
    )
  return provider
}

/**
 * Stripe.js's origins the back office's pages must allow (CSP), only when the platform takes cards;
 * the local double's own when STRIPE_API_BASE points at it.
 */
export const platformBrowserScript = (config: Config): ProviderBrowserScript | undefined =>
  config.platformStripe.secretKey && config.platformStripe.publishableKey ? stripeBrowserScript(config.stripeApiBase) : undefined
