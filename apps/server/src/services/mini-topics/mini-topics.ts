import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { MiniTopicService } from './mini-topics.class'
import { miniTopicModel } from './mini-topics.schema'

export const miniTopics = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.miniTopics,
    new MiniTopicService({ ...context.records, model: miniTopicModel, multi: ['create'] })
  )
