import { domainSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const domainModel = modelFromSchema('domains', domainSchema)
