import type { PointType } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** PointType records: no rules beyond the schema and the shop yet. */
export class PointTypeService extends RecordService<PointType> {}
