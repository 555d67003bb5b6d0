import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { noEvent } from '../../domains/stock/service-support'
import { cardProviders } from '../../domains/payments/card-providers'
import { gatewayProviders } from '../../domains/payments/gateways/gateway-providers'
import { Throttle } from '../authentication/authentication'
import { OrderService } from './orders.class'
import { orderModel } from './orders.schema'

/**
 * Orders: find, get, create (with payments) and patch (status, shipping, remarks); never removed. A create
 * announces its order itself (domains/orders/order-events.ts, as the checkout and splits do), not by Feathers' event.
 */
export const orders = (context: ServiceContext) => (app: Application) => {
  registerShopPath(
    app,
    context.directory,
    servicePaths.orders,
    new OrderService(
      { ...context.records, model: orderModel },
      () => ({ app, counts: context.counts }),
      cardProviders(context),
      new Throttle(context.db.knex, context.config.loginLimits),
      context.config.billing,
      { mailer: context.mailer, config: context.config },
      (shop) => gatewayProviders(context, shop)
    ),
    ['find', 'get', 'create', 'patch']
  )
  app.service(servicePaths.orders).hooks({ after: { create: [noEvent] } })
}
