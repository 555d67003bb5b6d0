import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { CategoryService } from './categories.class'
import { categoryModel } from './categories.schema'

export const categories = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.categories,
    new CategoryService({ ...context.records, model: categoryModel, multi: ['create'] })
  )
