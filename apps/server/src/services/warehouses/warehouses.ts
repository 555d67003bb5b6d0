import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { WarehouseService } from './warehouses.class'
import { warehouseModel } from './warehouses.schema'

export { createDefaultWarehouse } from './default-warehouse'

/** Warehouses: a plain shop-scoped list, except that one holding stock is not removed (0070). */
export const warehouses = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.warehouses,
    new WarehouseService({ ...context.records, model: warehouseModel, multi: ['create'] })
  )
