import { shopRankGroupSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const shopRankGroupModel = modelFromSchema('shopRankGroups', shopRankGroupSchema)
