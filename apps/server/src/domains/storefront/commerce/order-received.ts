import { NotFound } from '@feathersjs/errors'
import { isOnlineSource } from '@emporia/shared'
import { recordEvents } from '../../orders/order-history'
import { lockOrder, saveOrder } from '../../orders/order-rows'
import { loadCheckoutSettings } from '../../orders/checkout-settings'
import { refuse } from './cart-input'
import { commerceTransaction, type Commerce } from './commerce-context'
import { orderOfLink } from './order-link'

/**
 * The customer's "I have received my order" (shop flag useReceive, decision 0178), by the order's secret
 * link: a shipped online order moves to `received`, with a history entry saying the customer confirmed
 * it. Refused while the shop's flag is off or the order is not on its way; a second press answers the order.
 */
export const confirmReceived = async (commerce: Commerce, shop: string, token: unknown) => {
  const id = orderOfLink(commerce.context.config.authSecret, shop, token)
  if (!id) throw new NotFound('We could not find this order', { key: 'storefront.orderNotFound' })
  return commerceTransaction(commerce, shop, async (trx) => {
    const settings = (await loadCheckoutSettings(trx, shop)) as { useReceive?: boolean | null }
    if (settings.useReceive !== true)
      throw refuse('order', 'This shop does not ask for a receipt confirmation', 'storefront.receiveUnavailable')
    const order = await lockOrder(trx, shop, id)
    if (!isOnlineSource(order.source)) throw new NotFound('We could not find this order', { key: 'storefront.orderNotFound' })
    if (order.status === 'received') return { status: order.status }
    if (order.status !== 'shipped')
      throw refuse('order', 'Only a shipped order can be confirmed as received', 'storefront.receiveNotShipped')
    await saveOrder(trx, id, { status: 'received' })
    await recordEvents(trx, [
      { shop, order: id, user: null, action: 'status', from: 'shipped', to: 'received', detail: { by: 'customer' } }
    ])
    return { status: 'received' as const }
  })
}
