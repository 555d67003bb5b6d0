import { shopRankSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const shopRankModel = modelFromSchema('shopRanks', shopRankSchema)
