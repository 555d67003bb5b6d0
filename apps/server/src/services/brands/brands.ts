import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { BrandService } from './brands.class'
import { brandModel } from './brands.schema'

export const brands = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.brands,
    new BrandService({ ...context.records, model: brandModel, multi: ['create'] })
  )
