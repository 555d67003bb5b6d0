import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../context'
import type { ShopDirectory } from '../../tenancy'
import { registerShopScoped } from '../../records/shop-scoped'
import { categoryModel } from './categories.schema'

export const categories = (context: ServiceContext, directory: ShopDirectory) => (app: Application) =>
  registerShopScoped(app, context, directory, servicePaths.categories, categoryModel)
