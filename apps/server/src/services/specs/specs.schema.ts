import { specSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const specModel = modelFromSchema('specs', specSchema)
