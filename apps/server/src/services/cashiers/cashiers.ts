import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { tokenHosts } from '../../domains/pos/device-token'
import { CashierService } from './cashiers.class'
import { cashierModel } from './cashiers.schema'

/**
 * Cashier stations (decision 0095): found, read, created and patched by the shop's POS staff; never
 * replaced (a PUT would drop the binding and the station's settings at once) nor removed (orders,
 * payments and cash checks name the station; the setup dialog deselects instead).
 */
export const cashiers = (context: ServiceContext) => (app: Application) => {
  const hosts = tokenHosts(context.config)
  const log = (line: string) => context.logger.warn(line)
  const service = new CashierService({ ...context.records, model: cashierModel }, (params) => hosts(params.headers), log)
  registerShopPath(app, context.directory, servicePaths.cashiers, service, ['find', 'get', 'create', 'patch'])
}
