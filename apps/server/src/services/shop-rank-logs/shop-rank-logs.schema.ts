import { shopRankLogSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const shopRankLogModel = modelFromSchema('shopRankLogs', shopRankLogSchema)
