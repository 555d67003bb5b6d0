import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/service-context'
import { registerShopPath } from '../../records/shop-scoped'
import { hostnameOf } from '../../pos/device-token'
import { CashierService } from './cashiers.class'
import { cashierModel } from './cashiers.schema'

/**
 * Cashier stations (decision 0095): found, read, created and patched by the shop's POS staff; never
 * replaced (a PUT would drop the binding and the device's settings without a token) nor removed (orders,
 * payments and cash checks name the station; the setup dialog deselects instead).
 */
export const cashiers = (context: ServiceContext) => (app: Application) => {
  const configured = [context.config.publicHost, hostnameOf(safeHost(context.config.publicUrl))].filter((host): host is string =>
    Boolean(host)
  )
  const hostsOf = (params: { headers?: Record<string, unknown> }) => {
    const own = hostnameOf(params.headers?.host)
    return [...new Set([...(own ? [own] : []), ...configured.map((host) => host.toLowerCase())])]
  }
  registerShopPath(
    app,
    context.directory,
    servicePaths.cashiers,
    new CashierService({ ...context.records, model: cashierModel }, hostsOf),
    ['find', 'get', 'create', 'patch']
  )
}

const safeHost = (url: string | undefined) => {
  try {
    return url ? new URL(url).host : undefined
  } catch {
    return undefined
  }
}
