import { categorySchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const categoryModel = modelFromSchema('categories', categorySchema)
