import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { BulkOrderStatusService } from './bulk-order-statuses.class'
import { bulkOrderStatusModel } from './bulk-order-statuses.schema'

export const bulkOrderStatuses = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.bulkOrderStatuses,
    new BulkOrderStatusService({ ...context.records, model: bulkOrderStatusModel, multi: ['create'] })
  )
