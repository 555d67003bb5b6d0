import { couponSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const couponModel = modelFromSchema('coupons', couponSchema)
