import type { Application, HookContext } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { pickPatch } from '../../domains/stock/service-support'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { InventoryLotService } from './inventory-lots.class'
import { LOT_PATCHABLE, inventoryLotModel } from './inventory-lots.schema'

const onlyLabels = (context: HookContext) => {
  if (context.params.provider) context.data = pickPatch(inventoryLotModel, context.data, LOT_PATCHABLE)
}

/**
 * Inventory lots (spec §3.8): opened by restocks, consumed by the ledger earliest expiry first.
 * A person may correct the expiry date or supplier; quantities follow the ledger only.
 */
export const inventoryLots = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.inventoryLots,
    new InventoryLotService({ ...context.records, model: inventoryLotModel }),
    ['find', 'get', 'patch'],
    { patch: [onlyLabels] }
  )
