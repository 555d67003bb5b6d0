import type { InventoryLot } from '@emporia/shared'
import { RecordService } from '../../platform/records/record-service'

/** Lots open and close through the ledger; a person only relabels one (inventory-lots.ts). */
export class InventoryLotService extends RecordService<InventoryLot> {}
