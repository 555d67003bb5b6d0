import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/service-context'
import { registerShopScoped } from '../../records/shop-scoped'
import { SpecService } from './specs.class'
import { specModel } from './specs.schema'

export const specs = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.specs,
    new SpecService({ ...context.records, model: specModel, multi: ['create'] })
  )
