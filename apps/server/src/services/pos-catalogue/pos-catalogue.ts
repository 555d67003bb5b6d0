import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { shopScoped } from '../../tenancy'
import type { ServiceContext } from '../../platform/service-context'
import { PosCatalogueService } from './pos-catalogue.class'

/**
 * Find only (permissions.ts `pos/catalogue`); no events of its own: the till asks again with `since`
 * when products change. Over REST the answer is gzipped (platform/http.ts): most of it is repeated keys.
 */
export const posCatalogue = (context: ServiceContext) => (app: Application) => {
  const path = servicePaths.posCatalogue
  app.use(path, new PosCatalogueService(context.db.knex, context.records.rowSecurity), { methods: ['find'] })
  app.service(path).hooks({ before: { all: shopScoped(context.directory, path) } })
}
