import { authenticate } from '@feathersjs/authentication'
import { BadRequest } from '@feathersjs/errors'
import type { Application, HookContext } from '@feathersjs/feathers'
import { scopeToShop } from '../../hooks/scope-to-shop'
import type { ServiceContext } from '../context'
import type { Model } from '../../db/query/model'
import type { ShopDirectory } from '../shops/shop-directory'
import { StoreService } from './store-service'

/** One call creates at most as many records as one page may list. */
const atMost = (limit: number) => (hook: HookContext) => {
  if (Array.isArray(hook.data) && hook.data.length > limit)
    throw new BadRequest(`At most ${limit} records per call`, { key: 'format.invalid', field: 'data' })
}

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
  // Many records at once for imports and seeding; each still lands in the caller's shop.
  const instance =
    service instanceof StoreService ? service : new StoreService<T>({ ...context.store, model: service, multi: ['create'] })
  app.use(path, instance, { methods: ['find', 'get', 'create', 'update', 'patch', 'remove'] })
  app.service(path).hooks({
    before: { all: [authenticate('jwt'), scopeToShop(directory, path)], create: [atMost(context.store.maxLimit)] }
  })
}
