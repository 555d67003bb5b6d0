import { shopMemberSchema, shopSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const shopModel = modelFromSchema('shops', shopSchema)
export const shopMemberModel = modelFromSchema('shopMembers', shopMemberSchema)
