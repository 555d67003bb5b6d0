import type { BulkOrder } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** BulkOrder records: no rules beyond the schema and the shop yet. */
export class BulkOrderService extends RecordService<BulkOrder> {}
