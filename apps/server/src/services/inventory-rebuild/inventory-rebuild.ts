import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/service-context'
import { noEvent, registerInventoryPath } from '../../ledger/service-support'
import { InventoryRebuildService } from './inventory-rebuild.class'

/** The repair action: the stock, lot and product events it causes are what screens hear. */
export const inventoryRebuild = (context: ServiceContext) => (app: Application) => {
  const path = servicePaths.inventoryRebuild
  registerInventoryPath(
    app,
    context.directory,
    path,
    new InventoryRebuildService(context.db.knex, () => ({ app, counts: context.counts })),
    ['create']
  )
  app.service(path).hooks({ after: { create: [noEvent] } })
}
