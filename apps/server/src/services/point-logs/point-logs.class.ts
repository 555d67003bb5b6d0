import type { PointLog } from '@emporia/shared'
import { SweepingLogService } from '../../domains/stock/sweeping-log-service'
import { sweepExpiredPoints } from '../../domains/points/expiry'

/**
 * The point log (decision 0091): written by the points ledger only, in the transaction that moved the
 * points, never changed by anyone. The service also runs the daily expiry sweep (every move of a
 * customer's points expires their due lots itself, so a missed pass loses nothing).
 */
export class PointLogService extends SweepingLogService<PointLog> {
  protected readonly sweepName = 'Point expiry sweep'

  protected runSweep(now: Date | undefined) {
    return sweepExpiredPoints(this.options.db.knex, { now, env: { app: this.app } })
  }
}
