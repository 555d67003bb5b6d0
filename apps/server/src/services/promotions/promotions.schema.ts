import { promotionSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const promotionModel = modelFromSchema('promotions', promotionSchema)
