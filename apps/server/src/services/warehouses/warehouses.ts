import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../context'
import type { ShopDirectory } from '../../tenancy'
import { registerShopScoped } from '../../records/shop-scoped'
import { WarehouseService } from './warehouses.class'
import { warehouseModel } from './warehouses.schema'

/** Warehouses: a plain shop-scoped list, except that one holding stock is not removed (0070). */
export const warehouses = (context: ServiceContext, directory: ShopDirectory) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    directory,
    servicePaths.warehouses,
    new WarehouseService({ ...context.records, model: warehouseModel, multi: ['create'] })
  )
