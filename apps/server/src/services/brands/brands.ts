import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../context'
import type { ShopDirectory } from '../../tenancy'
import { registerShopScoped } from '../../records/shop-scoped'
import { brandModel } from './brands.schema'

export const brands = (context: ServiceContext, directory: ShopDirectory) => (app: Application) =>
  registerShopScoped(app, context, directory, servicePaths.brands, brandModel)
