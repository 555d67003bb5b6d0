import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { BulkOrderService } from './bulk-orders.class'
import { bulkOrderModel } from './bulk-orders.schema'

/** Bulk orders (type sell): goods sold to a company customer on credit; stock leaves when delivered. No update (PUT): changed field by field; removed only while unfulfilled and unpaid. */
export const bulkOrders = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.bulkOrders,
    new BulkOrderService({ ...context.records, model: bulkOrderModel }, () => ({ app, counts: context.counts })),
    ['find', 'get', 'create', 'patch', 'remove']
  )
