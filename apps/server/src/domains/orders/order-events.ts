import { servicePaths, type Order } from '@emporia/shared'
import type { App } from '../../platform/http/server-services'
import { paymentRecord } from './order-rows'
import type { PaymentRow } from './payments'

/**
 * The one place a new order is announced, once committed, whoever made it (the orders service, the
 * storefront's checkout, a split): the orders service's `created`, which the back office's popup hears
 * (spec §2.6), then each payment taken with it as the payments service's `created`.
 */
export const announceNewOrder = (app: App, order: Order, payments: readonly PaymentRow[] = []) => {
  app.service(servicePaths.orders).emit('created', order)
  for (const payment of payments) app.service(servicePaths.payments).emit('created', paymentRecord(payment))
}
