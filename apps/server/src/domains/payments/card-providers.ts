import { FeathersError } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { ServiceContext } from '../../platform/http/service-context'
import { readShopSecret } from '../../platform/secrets/shop-secrets'
import { ProviderError, type PaymentProvider } from './provider/provider'
import { stripeProvider } from './provider/stripe-provider'

const NAMES: Record<number, string> = {
  400: 'BadRequest',
  402: 'PaymentError',
  404: 'NotFound',
  409: 'Conflict',
  502: 'BadGateway',
  503: 'Unavailable'
}

/** A provider's refusal as our API answers it: its status, a safe message and a key the web translates. */
const asFeathersError = (error: unknown) => {
  if (!(error instanceof ProviderError)) return error
  const status = error.status
  return new FeathersError(
    error.message,
    NAMES[status] ?? 'GeneralError',
    status,
    NAMES[status]?.toLowerCase() ?? 'general-error',
    {
      key: `payment.provider.${error.code}`,
      field: 'method',
      ...(error.declineCode ? { declineCode: error.declineCode } : {})
    }
  )
}

const guarded = (provider: PaymentProvider): PaymentProvider => ({
  id: provider.id,
  browserScript: provider.browserScript,
  createIntent: (input) => provider.createIntent(input).catch((e: unknown) => Promise.reject(asFeathersError(e))),
  getIntent: (id) => provider.getIntent(id).catch((e: unknown) => Promise.reject(asFeathersError(e))),
  cancelIntent: (id, key) => provider.cancelIntent(id, key).catch((e: unknown) => Promise.reject(asFeathersError(e))),
  refund: (input) => provider.refund(input).catch((e: unknown) => Promise.reject(asFeathersError(e)))
})

/**
 * The card provider of a shop (decisions 0079, 0080): Stripe with the shop's own secret key, pointed at
 * STRIPE_API_BASE when set (the local double in tests); null when the shop has not set a key. The
 * secret never leaves the server.
 */
export const cardProviders =
  (context: Pick<ServiceContext, 'config' | 'db'>) =>
  async (shop: string, trx?: Knex.Transaction): Promise<PaymentProvider | null> => {
    // Read in the caller's transaction when there is one: PGlite has a single connection.
    const secretKey = await readShopSecret(trx ?? context.db.knex, shop, 'stripeSecretKey')
    return secretKey ? guarded(stripeProvider(secretKey, { apiBase: context.config.stripeApiBase })) : null
  }
