import { purchasingOrderSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const purchasingOrderModel = modelFromSchema('purchasingOrders', purchasingOrderSchema)
