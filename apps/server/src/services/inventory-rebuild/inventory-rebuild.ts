import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { noEvent } from '../../domains/stock/service-support'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { InventoryRebuildService } from './inventory-rebuild.class'

/** The repair action: the stock, lot and product events it causes are what screens hear. */
export const inventoryRebuild = (context: ServiceContext) => (app: Application) => {
  const path = servicePaths.inventoryRebuild
  registerShopPath(
    app,
    context.directory,
    path,
    new InventoryRebuildService(context.db.knex, () => ({ app, counts: context.counts })),
    ['create']
  )
  app.service(path).hooks({ after: { create: [noEvent] } })
}
