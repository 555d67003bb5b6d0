import type { PurchasingOrder } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** PurchasingOrder records: no rules beyond the schema and the shop yet. */
export class PurchasingOrderService extends RecordService<PurchasingOrder> {}
