import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { PurchasingOrderStatusService } from './purchasing-order-statuses.class'
import { purchasingOrderStatusModel } from './purchasing-order-statuses.schema'

export const purchasingOrderStatuses = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.purchasingOrderStatuses,
    new PurchasingOrderStatusService({ ...context.records, model: purchasingOrderStatusModel, multi: ['create'] })
  )
