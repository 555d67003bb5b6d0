import type { BulkOrderStatus } from '@emporia/shared'
import type { RecordOptions } from '../../platform/records/record-service'
import { bulkKind } from '../../domains/subsequent/kinds'
import { SubsequentStatusService } from '../../domains/subsequent/status-service'

/** BulkOrderStatus records: ordered by sequenceNumber, unique in the shop, kept while orders use them (decision 0085). */
export class BulkOrderStatusService extends SubsequentStatusService<BulkOrderStatus> {
  constructor(options: RecordOptions) {
    super(options, bulkKind)
  }
}
