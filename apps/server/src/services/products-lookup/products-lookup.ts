import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { shopScoped } from '../../platform/tenancy'
import type { ServiceContext } from '../../platform/http/service-context'
import { ProductService, productOptions } from '../products/products'
import { ProductLookupService } from './products-lookup.class'

/** Find only; the POS reads it (the products read rule). Its own product reader: no hooks, no events. */
export const productsLookup = (context: ServiceContext) => (app: Application) => {
  const reader = new ProductService(productOptions(context))
  app.use(servicePaths.productsLookup, new ProductLookupService(reader, context.db.knex), { methods: ['find'] })
  app.service(servicePaths.productsLookup).hooks({
    before: { all: shopScoped(context.directory, servicePaths.productsLookup) }
  })
}
