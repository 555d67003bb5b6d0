import { couponSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const couponModel = modelFromSchema('coupons', couponSchema)
