import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { ComponentService } from './components.class'
import { componentModel } from './components.schema'

export const components = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.components,
    new ComponentService({ ...context.records, model: componentModel, multi: ['create'] })
  )
