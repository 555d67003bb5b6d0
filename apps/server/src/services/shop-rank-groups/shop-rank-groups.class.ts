import type { ShopRankGroup } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** ShopRankGroup records: no rules beyond the schema and the shop yet. */
export class ShopRankGroupService extends RecordService<ShopRankGroup> {}
