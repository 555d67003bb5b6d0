import type { Promotion } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** Promotion records: no rules beyond the schema and the shop yet. */
export class PromotionService extends RecordService<Promotion> {}
