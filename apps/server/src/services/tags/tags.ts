import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { TagService } from './tags.class'
import { tagModel } from './tags.schema'

export const tags = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(app, context, servicePaths.tags, new TagService({ ...context.records, model: tagModel, multi: ['create'] }))
