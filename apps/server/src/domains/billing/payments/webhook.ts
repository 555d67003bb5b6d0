import type { Application } from '@feathersjs/feathers'
import type { ServiceContext } from '../../../platform/http/service-context'
import type { ProviderEvent } from '../../payments/provider/provider'
import { webhookRoute } from '../../payments/provider/webhook-route'
import type { ChargeRow } from './charges'
import { settleCharge } from './settle'

export const BILLING_WEBHOOK_PATH = '/api/billing/webhook'

/**
 * The platform's Stripe events (decision 0130), at `/api/billing/webhook`, read before the body parser.
 * The signature is checked with PLATFORM_STRIPE_WEBHOOK_SECRET (a forged or replayed event: 400); an intent
 * event settles its charge from the provider's own answer, and the event id is recorded in the same
 * transaction, so a redelivery changes nothing. Events of no charge of ours are acknowledged and ignored.
 */
export const billingWebhooks = (context: ServiceContext, app: Application) => {
  const handle = async (_shop: string, event: ProviderEvent) => {
    if (event.type !== 'intent.succeeded' && event.type !== 'intent.failed' && event.type !== 'intent.canceled') return
    const charge = (await context.db.knex('billingCharges').where({ intentId: event.intent.id }).first('_id')) as
      Pick<ChargeRow, '_id'> | undefined
    if (!charge) return
    await settleCharge({ app, context }, charge._id, { id: event.id, type: event.type })
  }
  return webhookRoute({
    path: BILLING_WEBHOOK_PATH,
    secretFor: async () => context.config.platformStripe.webhookSecret ?? null,
    handle,
    log: (error: unknown) => context.logger.error({ err: error }, 'billing webhook failed')
  })
}
