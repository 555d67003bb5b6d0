import type { PurchasingOrderStatus } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** PurchasingOrderStatus records: no rules beyond the schema and the shop yet. */
export class PurchasingOrderStatusService extends RecordService<PurchasingOrderStatus> {}
