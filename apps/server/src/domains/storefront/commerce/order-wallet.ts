import { gatewayEnabled } from '@emporia/shared'
import { loadCheckoutSettings } from '../../orders/checkout-settings'
import { commerceTransaction, type Commerce } from './commerce-context'

/**
 * An unpaid order's pending wallet payment (decision 0199): the code the shopper scans or opens with the
 * wallet app, while the shop still takes the wallet. Undefined otherwise. Its gateway's notification pays it.
 */
export const orderWallet = (commerce: Commerce, shop: string, order: string) =>
  commerceTransaction(commerce, shop, async (trx) => {
    const settings = await loadCheckoutSettings(trx, shop)
    // AlipayHK's or WeChat Pay HK's code (decision 0199, amended), while the shop still takes that wallet.
    const methods = [
      ...(gatewayEnabled(settings.paymentGateways, 'alipayHk') ? ['mobileWallet'] : []),
      ...(gatewayEnabled(settings.paymentGateways, 'wechatPayHk') ? ['messagingWallet'] : [])
    ]
    if (!methods.length) return undefined
    const payment = (await trx('payments')
      .where({ shop, order, status: 'pending' })
      .whereIn('method', methods)
      .whereNotNull('clientSecret')
      .orderBy('date', 'desc')
      .first('clientSecret')) as { clientSecret: string } | undefined
    return payment ? { code: payment.clientSecret } : undefined
  })
