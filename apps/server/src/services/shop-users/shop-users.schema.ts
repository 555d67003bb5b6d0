import { shopUserSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const shopUserModel = modelFromSchema('shopUsers', shopUserSchema)
