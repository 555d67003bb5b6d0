import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { cardProviders } from '../../domains/payments/card-providers'
import { gatewayProviders } from '../../domains/payments/gateways/gateway-providers'
import { PaymentService } from './payments.class'
import { paymentModel } from './payments.schema'

/** Payments: find, get, create (take money) and patch (confirm or cancel a waiting one). */
export const payments = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.payments,
    new PaymentService(
      // The card client secret is for the customer's browser: answered by create, never listed.
      { ...context.records, model: paymentModel, secret: ['clientSecret'] },
      () => ({ app, counts: context.counts }),
      cardProviders(context),
      (shop) => gatewayProviders(context, shop)
    ),
    ['find', 'get', 'create', 'patch']
  )
