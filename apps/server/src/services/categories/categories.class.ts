import type { Category } from '@emporia/shared'
import { RecordService } from '../../platform/records/record-service'

/** A plain shop-scoped record: no rules beyond the schema and the shop. */
export class CategoryService extends RecordService<Category> {}
