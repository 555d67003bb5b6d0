import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { shopScoped } from '../../platform/tenancy'
import type { ServiceContext } from '../../platform/http/service-context'
import { ProductService } from './products.class'
import { productAccess } from './products.hooks'
import { productModel } from './products.schema'
import { SharedProducts } from './shared-products'

export { ProductService } from './products.class'
export { ownProducts } from './own-products'

/** The record options of products: `keywords` never leaves the server; multi patch is the batch status change. */
export const productOptions = (context: ServiceContext) => ({
  ...context.records,
  model: productModel,
  secret: ['keywords'],
  multi: ['patch'],
  // The plan's product limit applies (decision 0129) unless BILLING=off.
  billing: context.config.billing
})

export const products = (context: ServiceContext) => (app: Application) => {
  app.use(servicePaths.products, new ProductService(productOptions(context)), {
    methods: ['find', 'get', 'create', 'update', 'patch', 'remove']
  })
  // On PGlite this process is the only writer: only events change what is shared.
  const shared = new SharedProducts(context.db.knex, context.db.dialect === 'pglite' ? Infinity : 60_000)
  shared.listen(app)
  app.service(servicePaths.products).hooks({
    before: { all: [...shopScoped(context.directory, servicePaths.products), productAccess(shared, context.db.knex)] }
  })
}
