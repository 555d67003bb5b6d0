import { purchasingOrderStatusSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const purchasingOrderStatusModel = modelFromSchema('purchasingOrderStatuses', purchasingOrderStatusSchema)
