import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { ShopRankLogService } from './shop-rank-logs.class'
import { shopRankLogModel } from './shop-rank-logs.schema'

/** The rank history (decision 0084): read only; the rank rule writes it. */
export const shopRankLogs = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.shopRankLogs,
    new ShopRankLogService({ ...context.records, model: shopRankLogModel }),
    ['find', 'get']
  )
