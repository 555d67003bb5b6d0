import type { ShopRank } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** ShopRank records: no rules beyond the schema and the shop yet. */
export class ShopRankService extends RecordService<ShopRank> {}
