import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/service-context'
import { registerShopScoped } from '../../records/shop-scoped'
import { PurchasingOrderService } from './purchasing-orders.class'
import { purchasingOrderModel } from './purchasing-orders.schema'

export const purchasingOrders = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.purchasingOrders,
    new PurchasingOrderService({ ...context.records, model: purchasingOrderModel, multi: ['create'] })
  )
