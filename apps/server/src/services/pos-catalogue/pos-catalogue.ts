import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { shopScoped } from '../../platform/tenancy'
import type { ServiceContext } from '../../platform/http/service-context'
import { sendPrepared } from './pos-catalogue-answer'
import { PosCatalogueService } from './pos-catalogue.class'

/**
 * Find only (permissions.ts `pos/catalogue`); no events of its own: the till asks again with `since`
 * when products change. Over REST the whole catalogue leaves as built, gzipped for clients that accept
 * it (most of it is repeated keys): the till should load it over REST, not the socket.
 */
export const posCatalogue = (context: ServiceContext) => (app: Application) => {
  const path = servicePaths.posCatalogue
  app.use(path, new PosCatalogueService(context.db.knex, context.records.rowSecurity), {
    methods: ['find'],
    koa: { after: [sendPrepared] }
  })
  app.service(path).hooks({ before: { all: shopScoped(context.directory, path) } })
}
