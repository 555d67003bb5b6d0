import { authenticate } from '@feathersjs/authentication'
import type { Application } from '@feathersjs/feathers'
import { scopeToShop } from '../../hooks/scope-to-shop'
import type { ServiceContext } from '../context'
import type { Model } from '../../db/query/model'
import type { ShopDirectory } from '../shops/shop-directory'
import { StoreService } from './store-service'

/**
 * A plain shop-scoped record service: sign-in, scope-to-shop (membership, role, feature), then
 * the store. Services with rules of their own extend StoreService and register the same hooks.
 */
export const registerShopScoped = <T>(
  app: Application,
  context: ServiceContext,
  directory: ShopDirectory,
  path: string,
  service: StoreService<T> | Model
) => {
  const instance = service instanceof StoreService ? service : new StoreService<T>({ ...context.store, model: service })
  app.use(path, instance, { methods: ['find', 'get', 'create', 'update', 'patch', 'remove'] })
  app.service(path).hooks({ before: { all: [authenticate('jwt'), scopeToShop(directory, path)] } })
}
