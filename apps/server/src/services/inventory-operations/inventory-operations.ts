import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { noEvent } from '../../domains/stock/service-support'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { InventoryOperationService } from './inventory-operations.class'

/** `inventoryOperations create`: its answer is a report; the stock, lot and ledger events tell screens. */
export const inventoryOperations = (context: ServiceContext) => (app: Application) => {
  const path = servicePaths.inventoryOperations
  registerShopPath(
    app,
    context.directory,
    path,
    new InventoryOperationService(context, context.directory, () => ({ app, counts: context.counts }), {
      // Off only to measure the general path beside it (bench stock-sales, docs/decisions/0102).
      quickSale: process.env.INVENTORY_QUICK_SALE !== 'off'
    }),
    ['create']
  )
  app.service(path).hooks({ after: { create: [noEvent] } })
}
