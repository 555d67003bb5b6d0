import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { closePending } from '../orders/pending-payments'
import { orderTransaction } from '../orders/order-transaction'
import { orderRecord, paymentRecord } from '../orders/order-rows'
import type { PaymentRow } from '../orders/payments'
import type { ServiceContext } from '../platform/service-context'
import { readShopSecret } from '../secrets/shop-secrets'
import { cardProviders } from './card-providers'
import type { ProviderEvent } from './provider/provider'
import { webhookRoute } from './provider/webhook-route'

export const STRIPE_WEBHOOK_PATH = '/api/payments/webhooks/stripe/:shop'

/**
 * The card provider's signed events (decision 0080): a succeeded intent confirms its pending payment
 * (and may settle the order), a cancelled one cancels it; a failed attempt changes nothing. Applying an event twice changes
 * nothing, so the provider's redeliveries are harmless.
 */
export const stripeWebhooks = (context: ServiceContext, app: Application) => {
  const providerFor = cardProviders(context)
  const handle = async (shop: string, event: ProviderEvent) => {
    // A failed attempt (a declined card) leaves the intent payable: Stripe returns it to
    // `requires_payment_method` and the customer may try again, so the payment stays pending (decision 0115).
    if (event.type !== 'intent.succeeded' && event.type !== 'intent.canceled') return
    const to = event.type === 'intent.succeeded' ? 'paid' : 'cancelled'
    const result = await orderTransaction(context.db.knex, context.records, shop, async (trx, wall) => {
      const payment = (await trx('payments').where({ shop, tranID: event.intent.id }).first('_id')) as
        Pick<PaymentRow, '_id'> | undefined
      if (!payment) return undefined
      return closePending(
        trx,
        payment._id,
        to,
        { shop, env: { app, counts: context.counts }, wall, provider: (trx) => providerFor(shop, trx) },
        'provider'
      )
    })
    if (!result?.changed) return
    app.service(servicePaths.payments).emit('patched', paymentRecord(result.payment))
    app.service(servicePaths.orders).emit('patched', orderRecord(result.order))
  }
  return webhookRoute({
    path: STRIPE_WEBHOOK_PATH,
    secretFor: (shop) => readShopSecret(context.db.knex, shop, 'stripeWebhookSecret'),
    handle
  })
}
