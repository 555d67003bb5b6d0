import { brandSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const brandModel = modelFromSchema('brands', brandSchema)
