import { BadRequest } from '@feathersjs/errors'
import type { Application, HookContext } from '@feathersjs/feathers'
import { shopScoped } from '../tenancy'
import type { ServiceContext } from '../platform/service-context'
import type { RecordService } from './record-service'

/** One call creates at most as many records as one page may list. */
const atMost = (limit: number) => (hook: HookContext) => {
  if (Array.isArray(hook.data) && hook.data.length > limit)
    throw new BadRequest(`At most ${limit} records per call`, { key: 'format.invalid', field: 'data' })
}

/**
 * A shop-scoped record service: sign-in, scope-to-shop (membership, role, feature), then the
 * service. A plain one is `new RecordService(...)` with `multi: ['create']` (imports and seeding;
 * each record still lands in the caller's shop); one with rules of its own extends RecordService.
 */
export const registerShopScoped = <T>(app: Application, context: ServiceContext, path: string, service: RecordService<T>) => {
  app.use(path, service, { methods: ['find', 'get', 'create', 'update', 'patch', 'remove'] })
  app.service(path).hooks({
    before: { all: shopScoped(context.directory, path), create: [atMost(context.records.maxLimit)] }
  })
}
