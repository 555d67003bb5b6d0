import type { CouponTemplate } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** CouponTemplate records: no rules beyond the schema and the shop yet. */
export class CouponTemplateService extends RecordService<CouponTemplate> {}
