import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { PromotionService } from './promotions.class'
import { promotionModel } from './promotions.schema'

export const promotions = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.promotions,
    new PromotionService({ ...context.records, model: promotionModel, multi: ['create'] })
  )
