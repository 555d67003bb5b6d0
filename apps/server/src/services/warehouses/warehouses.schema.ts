import { warehouseSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const warehouseModel = modelFromSchema('warehouses', warehouseSchema)
