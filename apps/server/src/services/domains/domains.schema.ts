import { domainSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const domainModel = modelFromSchema('domains', domainSchema)
