import { companyUserSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const companyUserModel = modelFromSchema('companyUsers', companyUserSchema)
