import { inventoryLotSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const inventoryLotModel = modelFromSchema('inventoryLots', inventoryLotSchema)
/** Quantities and status come from the ledger; a person corrects only the label data. */
export const LOT_PATCHABLE = ['expiryDate', 'supplier'] as const
