import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../context'
import type { ShopDirectory } from '../../tenancy'
import { registerShopScoped } from '../../records/shop-scoped'
import { TagService } from './tags.class'
import { tagModel } from './tags.schema'

export const tags = (context: ServiceContext, directory: ShopDirectory) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    directory,
    servicePaths.tags,
    new TagService({ ...context.records, model: tagModel, multi: ['create'] })
  )
