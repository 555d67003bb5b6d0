import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/service-context'
import { registerShopScoped } from '../../records/shop-scoped'
import { BrandService } from './brands.class'
import { brandModel } from './brands.schema'

export const brands = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.brands,
    new BrandService({ ...context.records, model: brandModel, multi: ['create'] })
  )
