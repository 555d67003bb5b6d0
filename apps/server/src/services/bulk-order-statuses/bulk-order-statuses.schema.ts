import { bulkOrderStatusSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const bulkOrderStatusModel = modelFromSchema('bulkOrderStatuses', bulkOrderStatusSchema)
