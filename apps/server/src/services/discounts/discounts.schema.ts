import { discountSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const discountModel = modelFromSchema('discounts', discountSchema)
