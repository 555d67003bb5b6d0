import { siteVersionSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const siteVersionModel = modelFromSchema('siteVersions', siteVersionSchema)
