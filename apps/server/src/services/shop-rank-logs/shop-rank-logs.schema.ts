import { shopRankLogSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const shopRankLogModel = modelFromSchema('shopRankLogs', shopRankLogSchema)
