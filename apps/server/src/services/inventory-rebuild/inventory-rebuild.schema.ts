import type { RebuildReport } from '../../domains/stock/stock-ledger'

/** What `inventoryRebuild create {shop}` answers: how many derived rows it corrected, and which. */
export interface RebuildSummary {
  shop: string
  /** How many rows the rebuild corrected; zero everywhere means the derived numbers were right. */
  stocks: number
  lots: number
  products: number
  changes: Omit<RebuildReport, 'shops'>
}
