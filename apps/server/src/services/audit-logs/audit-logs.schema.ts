import { auditLogSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const auditLogModel = modelFromSchema('auditLogs', auditLogSchema)
