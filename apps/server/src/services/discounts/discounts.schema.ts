import { discountSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const discountModel = modelFromSchema('discounts', discountSchema)
