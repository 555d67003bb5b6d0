import { componentSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const componentModel = modelFromSchema('components', componentSchema)
