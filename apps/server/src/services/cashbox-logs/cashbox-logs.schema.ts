import { cashCheckSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const cashCheckModel = modelFromSchema('cashboxLogs', cashCheckSchema)
