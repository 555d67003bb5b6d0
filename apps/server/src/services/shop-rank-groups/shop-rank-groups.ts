import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopScoped } from '../../platform/records/shop-scoped'
import { ShopRankGroupService } from './shop-rank-groups.class'
import { shopRankGroupModel } from './shop-rank-groups.schema'

export const shopRankGroups = (context: ServiceContext) => (app: Application) =>
  registerShopScoped(
    app,
    context,
    servicePaths.shopRankGroups,
    new ShopRankGroupService({ ...context.records, model: shopRankGroupModel, multi: ['create'] })
  )
