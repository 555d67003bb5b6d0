import type { SubsequentOrderType } from './subsequent-order'

/**
 * Receivables and payables ageing (decision 0085): what is still owed, by how long it has been due.
 * `notDue` is not yet due; the others count whole days past the due date, in the shop's time zone.
 */
export const ageingBuckets = ['notDue', 'days0to30', 'days31to60', 'days61to90', 'days90plus'] as const
export type AgeingBucket = (typeof ageingBuckets)[number]

/** The bucket of an amount due on `dueDay` seen on `today` (both `YYYY-MM-DD` in the shop's zone). */
export const ageingBucketOf = (dueDay: string, today: string): AgeingBucket => {
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDay}T00:00:00Z`)) / 86_400_000)
  if (days < 0) return 'notDue'
  if (days <= 30) return 'days0to30'
  if (days <= 60) return 'days31to60'
  if (days <= 90) return 'days61to90'
  return 'days90plus'
}

export type AgeingAmounts = Record<AgeingBucket, number> & { total: number }

/** One company's row: cents per bucket. */
export interface AgeingRow extends AgeingAmounts {
  user: string
  name: string
  orders: number
  earliestDueDate: string | null
}

/** `subsequentPayments/ageing` find: `{ type: 'sell' | 'buy', asOf?: 'YYYY-MM-DD' }`. */
export interface AgeingQuery {
  type: SubsequentOrderType
  asOf?: string
}
export interface AgeingReport {
  /** The shop the figures are of. */
  shop: string
  type: SubsequentOrderType
  asOf: string
  rows: AgeingRow[]
  totals: AgeingAmounts
}
