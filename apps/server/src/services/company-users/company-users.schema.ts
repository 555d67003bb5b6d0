import { companyUserSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const companyUserModel = modelFromSchema('companyUsers', companyUserSchema)
