import { CountCache } from '../../platform/records/count-cache'

/**
 * List totals counted every time: lots and log rows are written by the points ledger inside other
 * services' transactions (payments, refunds, promotions), which cannot all reach the count cache, so
 * a cached total could go stale. A customer's lots and log are short lists, counted by index.
 */
export class UncountedTotals extends CountCache {
  override total<T = number>(_table: string, _shop: string | null, _key: string, compute: () => Promise<T>): Promise<T> {
    return compute()
  }
}
