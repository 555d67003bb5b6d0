import { pageSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const pageModel = modelFromSchema('pages', pageSchema)
