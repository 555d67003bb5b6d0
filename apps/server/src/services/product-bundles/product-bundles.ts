import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { ProductBundleService } from './product-bundles.class'
import { productBundleModel } from './product-bundles.schema'

export const productBundles = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.productBundles,
    new ProductBundleService({ ...context.records, model: productBundleModel, multi: ['create'] })
  )
