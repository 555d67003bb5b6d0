import { tagSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const tagModel = modelFromSchema('tags', tagSchema)
