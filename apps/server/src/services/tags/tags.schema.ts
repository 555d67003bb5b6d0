import { tagSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const tagModel = modelFromSchema('tags', tagSchema)
