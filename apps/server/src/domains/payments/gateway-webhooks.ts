import type { Application } from '@feathersjs/feathers'
import { gatewayMethods, isOnlineSource, servicePaths, type PaymentGatewayId, type PaymentGateways } from '@emporia/shared'
import { closePending } from '../orders/pending-payments'
import { enqueueOrderMails } from '../orders/order-mails'
import { orderTransaction } from '../orders/order-transaction'
import { orderRecord, paymentRecord } from '../orders/order-rows'
import { CARD_CURRENCY, type PaymentRow } from '../orders/payments'
import type { ServiceContext } from '../../platform/http/service-context'
import { readShopSecret, type ShopSecretName } from '../../platform/secrets/shop-secrets'
import { parseAlipayNotification } from './gateways/alipay-hk'
import type { GatewayEvent, GatewayNotificationParser } from './gateways/gateway'
import { GATEWAY_WEBHOOK_PATHS, gatewayProviders } from './gateways/gateway-providers'
import { TERMINAL_SIGNATURE_HEADER, parseTerminalNotification } from './gateways/terminal'
import { OCTOPUS_SIGNATURE_HEADER, parseOctopusNotification } from './gateways/octopus'
import { WECHATPAY_SIGNATURE_HEADERS, parseWechatNotification } from './gateways/wechat-pay-hk'
import { webhookRoute } from './provider/webhook-route'

type Matched = Pick<PaymentRow, '_id' | 'method' | 'amount' | 'order' | 'status'>

/**
 * Why a notification is not the payment its reference names, or undefined when it is: the gateway's own
 * method, the shop's merchant account, the same cents in HKD. A signature proves who sent it, not that it
 * is this payment's.
 */
export const gatewayMismatch = (id: PaymentGatewayId, account: string | undefined, payment: Matched, event: GatewayEvent) => {
  if (payment.method !== gatewayMethods[id]) return `the payment is a ${payment.method} payment`
  if (!account || event.account !== account) return `it names merchant ${event.account || '(none)'}`
  if (event.charge.amount !== payment.amount) return `amount ${event.charge.amount} is not the payment's ${payment.amount}`
  if (event.charge.currency !== CARD_CURRENCY) return `currency ${event.charge.currency} is not ${CARD_CURRENCY}`
  return undefined
}

interface GatewayHook {
  id: PaymentGatewayId
  verifyKey: ShopSecretName
  parse: GatewayNotificationParser
  signatureHeader?: string
  signatureHeaders?: readonly string[]
  acknowledge?: string
  /** The secret the parser gets, when it needs more than `verifyKey`. */
  secretFor?: (shop: string) => Promise<string | null>
}

const HOOKS: GatewayHook[] = [
  // Alipay resends until it reads `success`; its signature is in the form itself.
  { id: 'alipayHk', verifyKey: 'alipayHkSign', parse: parseAlipayNotification, acknowledge: 'success' },
  { id: 'terminal', verifyKey: 'terminalKey', parse: parseTerminalNotification, signatureHeader: TERMINAL_SIGNATURE_HEADER },
  { id: 'octopus', verifyKey: 'octopusKey', parse: parseOctopusNotification, signatureHeader: OCTOPUS_SIGNATURE_HEADER }
]

/**
 * The gateways' signed notifications (decision 0200), as the card provider's (0080): a paid charge
 * confirms its pending payment (and may settle the order) in one transaction, a cancelled one cancels
 * it. A notification seen twice, or one arriving after the payment was closed, changes nothing; one that
 * is not the payment's own (`gatewayMismatch`, e.g. another amount) is acknowledged, logged and changes
 * nothing. A charge paid after its payment was cancelled here is logged for the merchant to refund.
 */
export const gatewayWebhooks = (context: ServiceContext, app: Application) => {
  // WeChat Pay's notification is signed with the platform key (`sign`) and its resource sealed with the APIv3 key (in `key`).
  const wechat: GatewayHook = {
    id: 'wechatPayHk',
    verifyKey: 'wechatPayHkSign',
    parse: parseWechatNotification,
    signatureHeaders: WECHATPAY_SIGNATURE_HEADERS,
    secretFor: async (shop) => {
      const sign = await readShopSecret(context.db.knex, shop, 'wechatPayHkSign')
      const key = await readShopSecret(context.db.knex, shop, 'wechatPayHkKey')
      return sign && key ? JSON.stringify({ sign, key }) : null
    }
  }
  const log = (line: string) => context.logger.warn(line)
  const handle = (hook: GatewayHook) => async (shop: string, event: GatewayEvent) => {
    if (event.type === 'other') return
    const to = event.type === 'charge.succeeded' ? 'paid' : 'cancelled'
    const result = await orderTransaction(context.db.knex, context.records, shop, async (trx, wall) => {
      const payment = (await trx('payments')
        .where({ shop, tranID: event.charge.reference })
        .first('_id', 'method', 'amount', 'order', 'status')) as Matched | undefined
      if (!payment) return undefined
      const row = (await trx('shops').where({ _id: shop }).first('paymentGateways')) as
        { paymentGateways?: PaymentGateways | null } | undefined
      const mismatch = gatewayMismatch(hook.id, row?.paymentGateways?.[hook.id]?.id, payment, event)
      if (mismatch) {
        log(`${hook.id} notification ${event.id} for shop ${shop} ignored, payment ${payment._id} left as it is: ${mismatch}`)
        return undefined
      }
      if (to === 'paid' && payment.status === 'cancelled')
        log(`${hook.id} charge ${payment._id} of shop ${shop} was paid after it was cancelled here: refund it at the gateway`)
      const closed = await closePending(
        trx,
        payment._id,
        to,
        { shop, env: { app, counts: context.counts }, wall, gateway: gatewayProviders(context, shop) },
        'provider'
      )
      if (closed.changed && closed.order.status === 'paid' && isOnlineSource(closed.order.source))
        await enqueueOrderMails(trx, context, shop, closed.order, 'placed')
      return closed
    })
    if (!result?.changed) return
    app.service(servicePaths.payments).emit('patched', paymentRecord(result.payment))
    app.service(servicePaths.orders).emit('patched', orderRecord(result.order))
  }
  return [...HOOKS, wechat].map((hook) =>
    webhookRoute<GatewayEvent>({
      path: GATEWAY_WEBHOOK_PATHS[hook.id] ?? '',
      secretFor: hook.secretFor ?? ((shop) => readShopSecret(context.db.knex, shop, hook.verifyKey)),
      parse: hook.parse,
      handle: handle(hook),
      signatureHeader: hook.signatureHeader,
      signatureHeaders: hook.signatureHeaders,
      acknowledge: hook.acknowledge
    })
  )
}
