import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { AuditLogService } from './audit-logs.class'
import { auditLogModel } from './audit-logs.schema'

/** The audit log (decision 0137): find and get only, admins only (the permission table). */
export const auditLogs = (context: ServiceContext) => (app: Application) =>
  registerShopPath(
    app,
    context.directory,
    servicePaths.auditLogs,
    new AuditLogService({ ...context.records, model: auditLogModel }),
    ['find', 'get']
  )
