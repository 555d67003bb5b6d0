import type { CheckoutSettings } from '../../orders/checkout-settings'
import { loadCheckoutSettings } from '../../orders/checkout-settings'
import { cardProviders } from '../../payments/card-providers'
import type { ProviderBrowserScript } from '../../payments/provider/provider'
import { commerceTransaction, type Commerce } from './commerce-context'

const PAYABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action'])

/** What the order page needs to take a card again: the pending payment's client secret and the script. */
export interface OrderCard {
  clientSecret: string
  publicKey: string
  script: ProviderBrowserScript
}

/**
 * An unpaid order's pending card payment, still payable (decision 0115): after a declined card the
 * customer may pay it from the order's own page. Undefined when the order is not waiting for a card or
 * the shop no longer takes cards.
 */
export const orderCard = async (commerce: Commerce, shop: string, order: string): Promise<OrderCard | undefined> => {
  const found = await commerceTransaction(commerce, shop, async (trx) => {
    const payment = (await trx('payments')
      .where({ shop, order, method: 'stripe', status: 'pending' })
      .whereNotNull('clientSecret')
      .orderBy('date', 'desc')
      .first('clientSecret', 'tranID')) as { clientSecret: string; tranID: string } | undefined
    if (!payment) return undefined
    const settings: CheckoutSettings = await loadCheckoutSettings(trx, shop)
    const publicKey = (settings.cardPayment as { publicKey?: string } | null | undefined)?.publicKey
    if (settings.cardPayment?.enabled !== true || !publicKey) return undefined
    const provider = await cardProviders(commerce.context)(shop, trx)
    return provider ? { payment, publicKey, provider } : undefined
  })
  if (!found) return undefined
  // Paid a moment ago, the webhook still on its way: no second form (asked outside the transaction).
  const intent = await found.provider.getIntent(found.payment.tranID).catch(() => undefined)
  if (!intent || !PAYABLE.has(intent.status)) return undefined
  return { clientSecret: found.payment.clientSecret, publicKey: found.publicKey, script: found.provider.browserScript }
}
