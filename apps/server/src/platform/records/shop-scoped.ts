import { BadRequest } from '@feathersjs/errors'
import type { Application, HookContext, HookFunction } from '@feathersjs/feathers'
import { shopScoped, type ShopDirectory } from '../tenancy'
import type { ServiceContext } from '../http/service-context'
import type { RecordService } from './record-service'
import type { ServicePath, ServiceRecord } from '@emporia/shared'

/** One call creates at most as many records as one page may list. */
const atMost = (limit: number) => (hook: HookContext) => {
  if (Array.isArray(hook.data) && hook.data.length > limit)
    throw new BadRequest(`At most ${limit} records per call`, { key: 'format.invalid', field: 'data' })
}

/**
 * A shop-scoped record service: sign-in, scope-to-shop (membership, role, feature), then the
 * service. A plain one is `new RecordService(...)` with `multi: ['create']` (imports and seeding;
 * each record still lands in the caller's shop); one with rules of its own extends RecordService.
 * The service must answer the record the shared service map names for its path (checked when compiled).
 */
export const registerShopScoped = <P extends ServicePath>(
  app: Application,
  context: ServiceContext,
  path: P,
  service: RecordService<ServiceRecord<P>, never, never>
) => {
  app.use(path, service, { methods: ['find', 'get', 'create', 'update', 'patch', 'remove'] })
  app.service(path).hooks({
    before: { all: shopScoped(context.directory, path), create: [atMost(context.records.maxLimit)] }
  })
}

type Method = 'find' | 'get' | 'create' | 'update' | 'patch' | 'remove'

/**
 * A shop-scoped path that is not a plain record service (the inventory's and the orders' services,
 * reports): sign-in and scope-to-shop (membership, role, feature) before every method it offers.
 */
export const registerShopPath = (
  app: Application,
  directory: ShopDirectory,
  path: string,
  service: object,
  methods: Method[],
  before: Partial<Record<Method, HookFunction<Application>[]>> = {}
) => {
  app.use(path, service, { methods })
  app.service(path).hooks({ before: { all: shopScoped(directory, path), ...before } })
}
