import { shopRankGroupSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const shopRankGroupModel = modelFromSchema('shopRankGroups', shopRankGroupSchema)
