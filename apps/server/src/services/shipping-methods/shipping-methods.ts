import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { ShippingMethodService } from './shipping-methods.class'
import { shippingMethodModel } from './shipping-methods.schema'

export const shippingMethods = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.shippingMethods,
    new ShippingMethodService({ ...context.records, model: shippingMethodModel, multi: ['create'] })
  )
