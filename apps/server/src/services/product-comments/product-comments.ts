import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { ProductCommentService } from './product-comments.class'
import { productCommentModel } from './product-comments.schema'

export const productComments = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.productComments,
    new ProductCommentService({ ...context.records, model: productCommentModel, multi: ['create', 'patch'] })
  )
