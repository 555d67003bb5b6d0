import { inventorySchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const inventoryModel = modelFromSchema('inventories', inventorySchema)
/** What an entry keeps once stock has moved: the paperwork, not the quantity. */
export const INVENTORY_PATCHABLE = ['supplier', 'comment', 'expiryDate'] as const
