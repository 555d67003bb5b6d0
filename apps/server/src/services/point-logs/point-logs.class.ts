import type { Application } from '@feathersjs/feathers'
import type { PointLog } from '@emporia/shared'
import { ReadOnlyRecordService } from '../../ledger/service-support'
import type { RecordOptions } from '../../records/record-service'
import { sweepExpiredPoints } from '../../points/expiry'

/** Once a day (and at start-up): expiries are days apart, and every move expires a customer's due lots itself. */
export const POINT_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000

/**
 * The point log (decision 0091): written by the points ledger only, in the transaction that moved the
 * points, never changed by anyone. The service also runs the daily expiry sweep.
 */
export class PointLogService extends ReadOnlyRecordService<PointLog> {
  private sweeper?: ReturnType<typeof setInterval>
  private sweeping: Promise<number> = Promise.resolve(0)

  constructor(
    options: RecordOptions,
    private readonly sweepEveryMs = POINT_SWEEP_INTERVAL_MS
  ) {
    super(options)
  }

  override async setup(app: Application) {
    await super.setup(app)
    // A failed pass is said, not thrown: the next pass (or any move of the customer's) expires those lots.
    const background = () => void this.sweep().catch((error: unknown) => console.error('Point expiry sweep failed:', error))
    background()
    this.sweeper = setInterval(background, this.sweepEveryMs)
    this.sweeper.unref()
  }

  async teardown() {
    clearInterval(this.sweeper)
    await this.sweeping.catch(() => 0)
  }

  /** Lots whose expiry has passed, expired now (one pass at a time); answers how many customers it looked at. */
  sweep(now?: Date) {
    const run = () => sweepExpiredPoints(this.options.db.knex, { now, env: { app: this.app } })
    this.sweeping = this.sweeping.then(run, run)
    return this.sweeping
  }
}
