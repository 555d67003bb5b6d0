import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { PurchasingOrderService } from './purchasing-orders.class'
import { purchasingOrderModel } from './purchasing-orders.schema'

/** Purchasing orders (type buy): goods bought from a supplier on credit; stock arrives when received. No update (PUT): changed field by field; removed only while unfulfilled and unpaid. */
export const purchasingOrders = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.purchasingOrders,
    new PurchasingOrderService({ ...context.records, model: purchasingOrderModel }, () => ({ app, counts: context.counts })),
    ['find', 'get', 'create', 'patch', 'remove']
  )
