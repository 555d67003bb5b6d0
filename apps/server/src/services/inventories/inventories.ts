import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { InventoryService } from './inventories.class'
import { inventoryModel } from './inventories.schema'

/** Inventory entries: create restocks; find/get list them; patch corrects supplier, comment, expiry. */
export const inventories = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.inventories,
    new InventoryService({ ...context.records, model: inventoryModel }, () => ({ app, counts: context.counts })),
    ['find', 'get', 'create', 'patch']
  )
