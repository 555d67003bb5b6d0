import { authenticate } from '@feathersjs/authentication'
import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { ShopService } from './shops.class'
import { adminOfShop, onlyMyShops, verifiedToChangeShop } from './shops.hooks'
import { shopModel } from './shops.schema'

/** Shops are created by anyone signed in, read by members, changed by admins; never removed by a client. */
export const shops = (context: ServiceContext) => (app: Application) => {
  app.use(
    servicePaths.shops,
    new ShopService({ ...context.records, model: shopModel }, { config: context.config, clock: context.clock }),
    {
      methods: ['find', 'get', 'create', 'patch']
    }
  )
  app.service(servicePaths.shops).hooks({
    before: {
      find: [authenticate('jwt'), onlyMyShops],
      get: [authenticate('jwt'), onlyMyShops],
      create: [authenticate('jwt')],
      patch: [authenticate('jwt'), adminOfShop(context.directory), verifiedToChangeShop(context.directory)]
    }
  })
  context.directory.listen(app)
}
