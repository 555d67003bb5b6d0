import { purchasingOrderStatusSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const purchasingOrderStatusModel = modelFromSchema('purchasingOrderStatuses', purchasingOrderStatusSchema)
