import { shopRankSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const shopRankModel = modelFromSchema('shopRanks', shopRankSchema)
