import type { BulkOrderStatus } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** BulkOrderStatus records: no rules beyond the schema and the shop yet. */
export class BulkOrderStatusService extends RecordService<BulkOrderStatus> {}
