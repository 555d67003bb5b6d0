import { pageSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const pageModel = modelFromSchema('pages', pageSchema)
