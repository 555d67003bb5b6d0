import { specSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const specModel = modelFromSchema('specs', specSchema)
