import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { ProductRelatedService } from './product-relateds.class'
import { productRelatedModel } from './product-relateds.schema'

export const productRelateds = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.productRelateds,
    new ProductRelatedService({ ...context.records, model: productRelatedModel, multi: ['create'] })
  )
