import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { shopScoped } from '../../platform/tenancy'
import type { ServiceContext } from '../../platform/http/service-context'
import { SalesSummaryService } from './sales-summary.class'

/** Find only, for the charts area (permissions.ts); no events: screens re-ask when orders or payments change. */
export const salesSummary = (context: ServiceContext) => (app: Application) => {
  const path = servicePaths.salesSummary
  app.use(path, new SalesSummaryService(context.db.knex, context.records.rowSecurity), { methods: ['find'] })
  app.service(path).hooks({ before: { all: shopScoped(context.directory, path) } })
}

/** The rollup's range SQL, for the sub-shops roll-up that sums another shop's days the same way (decision 0087). */
export { daySums, spanBindings, spanOf, spanRows, sums } from './summary-sql'
