import { siteVersionSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const siteVersionModel = modelFromSchema('siteVersions', siteVersionSchema)
