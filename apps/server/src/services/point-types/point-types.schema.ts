import { pointTypeSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const pointTypeModel = modelFromSchema('pointTypes', pointTypeSchema)
