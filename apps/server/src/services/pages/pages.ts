import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { PageService } from './pages.class'
import { pageModel } from './pages.schema'

export const pages = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.pages,
    new PageService({ ...context.records, model: pageModel, multi: ['create'] })
  )
