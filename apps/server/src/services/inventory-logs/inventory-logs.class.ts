import type { InventoryLog } from '@emporia/shared'
import { ReadOnlyRecordService } from '../../domains/stock/service-support'

/** The ledger's own rows (docs/decisions/0040): written by the ledger only, never changed. */
export class InventoryLogService extends ReadOnlyRecordService<InventoryLog> {}
