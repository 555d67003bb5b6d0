import { pointTypeSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const pointTypeModel = modelFromSchema('pointTypes', pointTypeSchema)
