import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { SpecService } from './specs.class'
import { specModel } from './specs.schema'

export const specs = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.specs,
    new SpecService({ ...context.records, model: specModel, multi: ['create'] })
  )
