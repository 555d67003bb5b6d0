import type { Application } from '@feathersjs/feathers'
import { orderEventSchema, servicePaths } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'
import type { ServiceContext } from '../../platform/http/service-context'
import { ReadOnlyRecordService } from '../../domains/stock/service-support'
import { registerShopPath } from '../../platform/records/shop-scoped'

/** An order's history (who, when, what): written by the order's own transactions, read here, never changed. */
export const orderHistory = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.orderHistory,
    new ReadOnlyRecordService({ ...context.records, model: modelFromSchema('orderHistory', orderEventSchema) }),
    ['find', 'get']
  )
