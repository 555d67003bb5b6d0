import type { Discount } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** Discount records: no rules beyond the schema and the shop yet. */
export class DiscountService extends RecordService<Discount> {}
