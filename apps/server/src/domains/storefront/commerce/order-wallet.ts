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
    if (!gatewayEnabled(settings.paymentGateways, 'alipayHk')) return undefined
    const payment = (await trx('payments')
      .where({ shop, order, method: 'mobileWallet', status: 'pending' })
      .whereNotNull('clientSecret')
      .orderBy('date', 'desc')
      .first('clientSecret')) as { clientSecret: string } | undefined
    return payment ? { code: payment.clientSecret } : undefined
  })
