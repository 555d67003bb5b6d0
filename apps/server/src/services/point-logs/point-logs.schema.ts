import { pointLogSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const pointLogModel = modelFromSchema('pointLogs', pointLogSchema)
