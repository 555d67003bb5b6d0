import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../context'
import type { ShopDirectory } from '../../tenancy'
import { registerShopScoped } from '../../records/shop-scoped'
import { ProductBundleService } from './product-bundles.class'
import { productBundleModel } from './product-bundles.schema'

export const productBundles = (context: ServiceContext, directory: ShopDirectory) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    directory,
    servicePaths.productBundles,
    new ProductBundleService({ ...context.records, model: productBundleModel, multi: ['create'] })
  )
