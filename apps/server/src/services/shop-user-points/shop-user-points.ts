import type { Application } from '@feathersjs/feathers'
import { servicePaths, type ShopUserPoint } from '@emporia/shared'
import { ReadOnlyRecordService } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import { UncountedTotals } from '../../domains/points/uncounted'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { shopUserPointModel } from './shop-user-points.schema'

/** A customer's point lots (decision 0091): read only; the points ledger writes them. */
export const shopUserPoints = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.shopUserPoints,
    new ReadOnlyRecordService<ShopUserPoint>({ ...context.records, counts: new UncountedTotals(), model: shopUserPointModel }),
    ['find', 'get']
  )
