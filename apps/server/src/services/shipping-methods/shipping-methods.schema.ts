import { shippingMethodSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const shippingMethodModel = modelFromSchema('shippingMethods', shippingMethodSchema)
