import { MethodNotAllowed } from '@feathersjs/errors'
import type { AuditLog } from '@emporia/shared'
import { RecordService } from '../../platform/records/record-service'

const readOnly = () => new MethodNotAllowed('The audit log cannot be changed', { key: 'errors.auditLogReadOnly' })

/**
 * The audit log (decision 0137): read and exported by the shop's admins, filtered by time, person,
 * area, action and target like any list. Written only by `recordAudit`, in the transaction of the change
 * it records; no method here writes, not even for server code (the table refuses it too).
 */
export class AuditLogService extends RecordService<AuditLog> {
  override async create(): Promise<never> {
    throw readOnly()
  }
  override async update(): Promise<never> {
    throw readOnly()
  }
  override async patch(): Promise<never> {
    throw readOnly()
  }
  override async remove(): Promise<never> {
    throw readOnly()
  }
}
