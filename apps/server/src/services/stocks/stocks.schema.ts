import { stockSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const stockModel = modelFromSchema('stocks', stockSchema)
