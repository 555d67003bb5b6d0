import type { ShopRankLog } from '@emporia/shared'
import { SweepingLogService } from '../../domains/stock/sweeping-log-service'
import { sweepExpiredRanks } from '../../domains/ranks'

/**
 * The rank history (decision 0084): written by the rank rule only, in the transaction that changed
 * the rank, never changed by anyone. The service also runs the daily expiry sweep (a missed pass is
 * caught by the next one, or by ranks:rebuild).
 */
export class ShopRankLogService extends SweepingLogService<ShopRankLog> {
  protected readonly sweepName = 'Rank expiry sweep'

  protected runSweep(now: Date | undefined) {
    return sweepExpiredRanks(this.options.db.knex, { now, env: { app: this.app, counts: this.options.counts } })
  }
}
