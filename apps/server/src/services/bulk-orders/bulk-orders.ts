import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/service-context'
import { registerShopScoped } from '../../records/shop-scoped'
import { BulkOrderService } from './bulk-orders.class'
import { bulkOrderModel } from './bulk-orders.schema'

export const bulkOrders = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.bulkOrders,
    new BulkOrderService({ ...context.records, model: bulkOrderModel, multi: ['create'] })
  )
