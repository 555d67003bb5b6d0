import { shopUserSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const shopUserModel = modelFromSchema('shopUsers', shopUserSchema)
