import { productRelatedSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const productRelatedModel = modelFromSchema('productRelateds', productRelatedSchema)
