import { bulkOrderStatusSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const bulkOrderStatusModel = modelFromSchema('bulkOrderStatuses', bulkOrderStatusSchema)
