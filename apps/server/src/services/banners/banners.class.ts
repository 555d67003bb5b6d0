import type { Banner } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** Banner records: no rules beyond the schema and the shop yet. */
export class BannerService extends RecordService<Banner> {}
