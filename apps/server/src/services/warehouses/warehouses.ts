import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../context'
import type { ShopDirectory } from '../shops/shop-directory'
import { registerShopScoped } from '../store/shop-scoped'
import { warehouseModel } from './warehouses.schema'

export const warehouses = (context: ServiceContext, directory: ShopDirectory) => (app: Application) =>
  registerShopScoped(app, context, directory, servicePaths.warehouses, warehouseModel)
