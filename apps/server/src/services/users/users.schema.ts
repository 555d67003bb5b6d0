import { userSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const userModel = modelFromSchema('users', userSchema)
