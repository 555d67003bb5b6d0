import type { Application } from '@feathersjs/feathers'
import { servicePaths, type InventoryLog } from '@emporia/shared'
import type { ServiceContext } from '../context'
import { ReadOnlyRecordService, registerInventoryPath } from '../../ledger/service-support'
import type { ShopDirectory } from '../../tenancy'
import { inventoryLogModel } from './inventory-logs.schema'

/** The ledger (docs/decisions/0040): one row per quantity change, never changed or removed by anyone. */
export const inventoryLogs = (context: ServiceContext, directory: ShopDirectory) => (app: Application) =>
  registerInventoryPath(
    app,
    directory,
    servicePaths.inventoryLogs,
    new ReadOnlyRecordService<InventoryLog>({ ...context.records, model: inventoryLogModel }),
    ['find', 'get']
  )
