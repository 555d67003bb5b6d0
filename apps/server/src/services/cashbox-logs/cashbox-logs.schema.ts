import { cashCheckSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const cashCheckModel = modelFromSchema('cashboxLogs', cashCheckSchema)
