import { shippingMethodSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const shippingMethodModel = modelFromSchema('shippingMethods', shippingMethodSchema)
