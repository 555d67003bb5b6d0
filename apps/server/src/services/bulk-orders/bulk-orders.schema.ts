import { bulkOrderSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const bulkOrderModel = modelFromSchema('bulkOrders', bulkOrderSchema)
