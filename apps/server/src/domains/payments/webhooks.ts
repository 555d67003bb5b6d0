import type { Application } from '@feathersjs/feathers'
import { isOnlineSource, servicePaths } from '@emporia/shared'
import { closePending } from '../orders/pending-payments'
import { enqueueOrderMails } from '../orders/order-mails'
import { orderTransaction } from '../orders/order-transaction'
import { orderRecord, paymentRecord } from '../orders/order-rows'
import { CARD_CURRENCY, type PaymentRow } from '../orders/payments'
import type { ServiceContext } from '../../platform/http/service-context'
import { readShopSecret } from '../../platform/secrets/shop-secrets'
import { cardProviders } from './card-providers'
import type { ProviderEvent, ProviderIntent } from './provider/provider'
import { webhookRoute } from './provider/webhook-route'

export const STRIPE_WEBHOOK_PATH = '/api/payments/webhooks/stripe/:shop'

type Matched = Pick<PaymentRow, '_id' | 'method' | 'amount' | 'order'>

/**
 * Why an intent is not the payment whose transaction id it carries, or undefined when it is (issue 28).
 * A signature only proves the event came from whoever holds the shop's webhook secret, so the event must
 * also be the very payment opened here: a card payment (a bank transfer's id is guessable, `<order>-<n>`),
 * of the same cents in the same currency, for the shop, order and payment `createIntent` named.
 */
export const mismatchOf = (shop: string, payment: Matched, intent: ProviderIntent) => {
  const { amount, currency, metadata } = intent
  if (payment.method !== 'stripe') return `the payment is a ${payment.method} payment, not a card payment`
  if (amount !== payment.amount) return `amount ${amount} is not the payment's ${payment.amount}`
  if (currency !== CARD_CURRENCY) return `currency ${currency} is not ${CARD_CURRENCY}`
  if (metadata.shop !== shop) return `it names shop ${metadata.shop ?? '(none)'}`
  if (metadata.order !== payment.order) return `it names order ${metadata.order ?? '(none)'}, not ${payment.order}`
  if (metadata.payment !== payment._id) return `it names payment ${metadata.payment ?? '(none)'}, not ${payment._id}`
  return undefined
}

/**
 * The card provider's signed events (decision 0080): a succeeded intent confirms its pending payment
 * (and may settle the order), a cancelled one cancels it; a failed attempt changes nothing. Applying an event twice changes
 * nothing, so the provider's redeliveries are harmless. An event that is not the payment's own (`mismatchOf`)
 * is acknowledged, logged and changes nothing: sending it again would not make it match.
 */
export const stripeWebhooks = (context: ServiceContext, app: Application) => {
  const providerFor = cardProviders(context)
  const log = (line: string) => context.logger.warn(line)
  const handle = async (shop: string, event: ProviderEvent) => {
    // A failed attempt (a declined card) leaves the intent payable: Stripe returns it to
    // `requires_payment_method` and the customer may try again, so the payment stays pending (decision 0115).
    if (event.type !== 'intent.succeeded' && event.type !== 'intent.canceled') return
    const to = event.type === 'intent.succeeded' ? 'paid' : 'cancelled'
    const result = await orderTransaction(context.db.knex, context.records, shop, async (trx, wall) => {
      const payment = (await trx('payments')
        .where({ shop, tranID: event.intent.id })
        .first('_id', 'method', 'amount', 'order')) as Matched | undefined
      if (!payment) return undefined
      const mismatch = mismatchOf(shop, payment, event.intent)
      if (mismatch) {
        log(
          `Stripe event ${event.id} (${event.type}) for shop ${shop} ignored, payment ${payment._id} left as it is: ${mismatch}`
        )
        return undefined
      }
      const closed = await closePending(
        trx,
        payment._id,
        to,
        { shop, env: { app, counts: context.counts }, wall, provider: (trx) => providerFor(shop, trx) },
        'provider'
      )
      // A card order is confirmed to the shopper (and announced to the shop) once its money came, in
      // this transaction; its event key keeps a replayed webhook from mailing twice (decision 0148).
      if (closed?.changed && closed.order.status === 'paid' && isOnlineSource(closed.order.source))
        await enqueueOrderMails(trx, context, shop, closed.order, 'placed')
      return closed
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
