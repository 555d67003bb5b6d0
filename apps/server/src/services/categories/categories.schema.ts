import { categorySchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const categoryModel = modelFromSchema('categories', categorySchema)
