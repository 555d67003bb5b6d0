import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { ShopRankService } from './shop-ranks.class'
import { shopRankModel } from './shop-ranks.schema'

export const shopRanks = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.shopRanks,
    new ShopRankService({ ...context.records, model: shopRankModel, multi: ['create'] })
  )
