import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../context'
import type { ShopDirectory } from '../../tenancy'
import { registerShopScoped } from '../../records/shop-scoped'
import { SpecService } from './specs.class'
import { specModel } from './specs.schema'

export const specs = (context: ServiceContext, directory: ShopDirectory) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    directory,
    servicePaths.specs,
    new SpecService({ ...context.records, model: specModel, multi: ['create'] })
  )
