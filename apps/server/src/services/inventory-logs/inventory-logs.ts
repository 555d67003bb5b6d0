import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { InventoryLogService } from './inventory-logs.class'
import { inventoryLogModel } from './inventory-logs.schema'

/** The ledger (docs/decisions/0040): one row per quantity change, never changed or removed by anyone. */
export const inventoryLogs = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.inventoryLogs,
    new InventoryLogService({ ...context.records, model: inventoryLogModel }),
    ['find', 'get']
  )
