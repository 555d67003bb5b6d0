import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { shopScoped } from '../../platform/tenancy'
import { CashCheckService } from './cashbox-logs.class'
import { cashCheckModel } from './cashbox-logs.schema'

/** The cashbox log: checks are created and cancelled (patched), never replaced nor removed (history). */
export const cashboxLogs = (context: ServiceContext) => (app: Application) => {
  app.use(servicePaths.cashboxLogs, new CashCheckService({ ...context.records, model: cashCheckModel }), {
    methods: ['find', 'get', 'create', 'patch']
  })
  app.service(servicePaths.cashboxLogs).hooks({ before: { all: shopScoped(context.directory, servicePaths.cashboxLogs) } })
}
