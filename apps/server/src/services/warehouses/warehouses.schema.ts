import { warehouseSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const warehouseModel = modelFromSchema('warehouses', warehouseSchema)
