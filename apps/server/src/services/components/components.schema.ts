import { componentSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const componentModel = modelFromSchema('components', componentSchema)
