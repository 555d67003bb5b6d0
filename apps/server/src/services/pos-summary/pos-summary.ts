import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { shopScoped } from '../../platform/tenancy'
import type { ServiceContext } from '../../platform/http/service-context'
import { PosSummaryService } from './pos-summary.class'

/** Find only, for the till's report (permissions.ts `pos/summary`); no events: the report is asked for again. */
export const posSummary = (context: ServiceContext) => (app: Application) => {
  const path = servicePaths.posSummary
  app.use(path, new PosSummaryService(context.db.knex, context.records.rowSecurity), { methods: ['find'] })
  app.service(path).hooks({ before: { all: shopScoped(context.directory, path) } })
}
