import { BadRequest } from '@feathersjs/errors'
import type { Application, HookContext } from '@feathersjs/feathers'
import { shopScoped, type ShopDirectory } from '../tenancy'
import type { ServiceContext } from '../services/context'
import type { Model } from '../db/query/model'
import { RecordService } from './record-service'

/** One call creates at most as many records as one page may list. */
const atMost = (limit: number) => (hook: HookContext) => {
  if (Array.isArray(hook.data) && hook.data.length > limit)
    throw new BadRequest(`At most ${limit} records per call`, { key: 'format.invalid', field: 'data' })
}

/**
 * A plain shop-scoped record service: sign-in, scope-to-shop (membership, role, feature), then
 * the record service. Services with rules of their own extend RecordService and register the same hooks.
 */
export const registerShopScoped = <T>(
  app: Application,
  context: ServiceContext,
  directory: ShopDirectory,
  path: string,
  service: RecordService<T> | Model
) => {
  // Many records at once for imports and seeding; each still lands in the caller's shop.
  const instance =
    service instanceof RecordService ? service : new RecordService<T>({ ...context.records, model: service, multi: ['create'] })
  app.use(path, instance, { methods: ['find', 'get', 'create', 'update', 'patch', 'remove'] })
  app.service(path).hooks({
    before: { all: shopScoped(directory, path), create: [atMost(context.records.maxLimit)] }
  })
}
