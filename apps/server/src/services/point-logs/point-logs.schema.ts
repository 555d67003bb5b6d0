import { pointLogSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const pointLogModel = modelFromSchema('pointLogs', pointLogSchema)
