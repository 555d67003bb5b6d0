import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../context'
import { noEvent, registerInventoryPath } from '../../ledger/service-support'
import type { ShopDirectory } from '../../tenancy'
import { InventoryOperationService } from './inventory-operations.class'

/** `inventoryOperations create`: its answer is a report; the stock, lot and ledger events tell screens. */
export const inventoryOperations = (context: ServiceContext, directory: ShopDirectory) => (app: Application) => {
  const path = servicePaths.inventoryOperations
  registerInventoryPath(
    app,
    directory,
    path,
    new InventoryOperationService(context, directory, () => ({ app, counts: context.counts })),
    ['create']
  )
  app.service(path).hooks({ after: { create: [noEvent] } })
}
