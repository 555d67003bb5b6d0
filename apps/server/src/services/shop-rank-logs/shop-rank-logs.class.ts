import type { Application } from '@feathersjs/feathers'
import type { ShopRankLog } from '@emporia/shared'
import { ReadOnlyRecordService } from '../../ledger/service-support'
import type { RecordOptions } from '../../records/record-service'
import { sweepExpiredRanks } from '../../ranks'

/** Once a day: rank expiries are dates, so a daily pass (and one at start-up) is on time. */
export const RANK_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000

/**
 * The rank history (decision 0084): written by the rank rule only, in the transaction that changed
 * the rank, never changed by anyone. The service also runs the daily expiry sweep.
 */
export class ShopRankLogService extends ReadOnlyRecordService<ShopRankLog> {
  private sweeper?: ReturnType<typeof setInterval>
  private sweeping: Promise<number> = Promise.resolve(0)

  constructor(
    options: RecordOptions,
    private readonly sweepEveryMs = RANK_SWEEP_INTERVAL_MS
  ) {
    super(options)
  }

  override async setup(app: Application) {
    await super.setup(app)
    // A failed pass is said, not thrown: the next day's pass (or ranks:rebuild) decides those customers again.
    const background = () => void this.sweep().catch((error: unknown) => console.error('Rank expiry sweep failed:', error))
    background()
    this.sweeper = setInterval(background, this.sweepEveryMs)
    this.sweeper.unref()
  }

  async teardown() {
    clearInterval(this.sweeper)
    await this.sweeping.catch(() => 0)
  }

  /** Ranks whose expiry has passed, decided again now (one pass at a time); answers how many customers it looked at. */
  sweep(now?: Date) {
    const run = () => sweepExpiredRanks(this.options.db.knex, { now, env: { app: this.app, counts: this.options.counts } })
    this.sweeping = this.sweeping.then(run, run)
    return this.sweeping
  }
}
