import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../context'
import { noEvent, registerInventoryPath } from '../../ledger/service-support'
import type { ShopDirectory } from '../../tenancy'
import { InventoryRebuildService } from './inventory-rebuild.class'

/** The repair action: the stock, lot and product events it causes are what screens hear. */
export const inventoryRebuild = (context: ServiceContext, directory: ShopDirectory) => (app: Application) => {
  const path = servicePaths.inventoryRebuild
  registerInventoryPath(
    app,
    directory,
    path,
    new InventoryRebuildService(context.db.knex, () => ({ app, counts: context.counts })),
    ['create']
  )
  app.service(path).hooks({ after: { create: [noEvent] } })
}
