import { stockSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const stockModel = modelFromSchema('stocks', stockSchema)
