import type { ShopUser } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** ShopUser records: no rules beyond the schema and the shop yet. */
export class ShopUserService extends RecordService<ShopUser> {}
