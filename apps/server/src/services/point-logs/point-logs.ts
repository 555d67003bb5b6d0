import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { UncountedTotals } from '../../domains/points/uncounted'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { PointLogService } from './point-logs.class'
import { pointLogModel } from './point-logs.schema'

/** The point log (decision 0091): read only; the points ledger writes it. */
export const pointLogs = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.pointLogs,
    new PointLogService({ ...context.records, counts: new UncountedTotals(), model: pointLogModel }),
    ['find', 'get']
  )
