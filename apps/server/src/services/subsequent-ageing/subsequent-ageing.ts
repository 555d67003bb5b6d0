import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { SubsequentAgeingService } from '../../domains/subsequent/ageing'

/** Receivables (type sell) and payables (type buy) ageing: find only, a report (decision 0085). */
export const subsequentAgeing = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.subsequentAgeing,
    new SubsequentAgeingService(context.db.knex, context.records.rowSecurity),
    ['find']
  )
