import { productRelatedSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const productRelatedModel = modelFromSchema('productRelateds', productRelatedSchema)
