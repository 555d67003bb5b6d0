import type { Stock } from '@emporia/shared'
import { ReadOnlyRecordService } from '../../domains/stock/service-support'

/** Derived from the ledger (docs/decisions/0040): read here, written by the ledger only. */
export class StockService extends ReadOnlyRecordService<Stock> {}
