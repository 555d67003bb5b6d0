import { promotionSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const promotionModel = modelFromSchema('promotions', promotionSchema)
