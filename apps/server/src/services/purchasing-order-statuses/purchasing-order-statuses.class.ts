import type { PurchasingOrderStatus } from '@emporia/shared'
import type { RecordOptions } from '../../platform/records/record-service'
import { purchasingKind } from '../../domains/subsequent/kinds'
import { SubsequentStatusService } from '../../domains/subsequent/status-service'

/** PurchasingOrderStatus records: ordered by sequenceNumber, unique in the shop, kept while orders use them (decision 0085). */
export class PurchasingOrderStatusService extends SubsequentStatusService<PurchasingOrderStatus> {
  constructor(options: RecordOptions) {
    super(options, purchasingKind)
  }
}
