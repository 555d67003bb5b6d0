import type { SummaryDim, SummaryGroupBy } from '@emporia/shared'

/** The query fields `sales/summary find` takes besides `shop`. */
export const summaryFields = ['groupBy', 'from', 'to', 'by'] as const

export interface SummaryRequest {
  shop: string
  groupBy: SummaryGroupBy
  from: string
  to: string
  by: SummaryDim
}
