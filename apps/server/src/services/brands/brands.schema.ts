import { brandSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const brandModel = modelFromSchema('brands', brandSchema)
