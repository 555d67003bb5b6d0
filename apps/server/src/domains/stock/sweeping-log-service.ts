import type { Application } from '@feathersjs/feathers'
import type { RecordOptions } from '../../platform/records/record-service'
import { ReadOnlyRecordService } from './service-support'

/** Once a day (and at start-up): rank and point expiries are days apart, and moves expire what is due themselves. */
export const DAILY_SWEEP_MS = 24 * 60 * 60 * 1000

/**
 * A read-only log whose service also runs a daily expiry sweep (the rank history, decision 0084; the point
 * log, decision 0091): one pass at start-up, then one a day, never two at once; a failed pass is logged,
 * not thrown, since the next pass (or the customer's next move) catches up.
 */
export abstract class SweepingLogService<T> extends ReadOnlyRecordService<T> {
  private sweeper?: ReturnType<typeof setInterval>
  private sweeping: Promise<number> = Promise.resolve(0)

  constructor(
    options: RecordOptions,
    private readonly sweepEveryMs = DAILY_SWEEP_MS
  ) {
    super(options)
  }

  /** What is swept, for the log line of a failed pass. */
  protected abstract readonly sweepName: string
  /** One pass: answers how many customers it looked at. */
  protected abstract runSweep(now: Date | undefined): Promise<number>

  override async setup(app: Application) {
    await super.setup(app)
    const background = () => void this.sweep().catch((error: unknown) => console.error(`${this.sweepName} failed:`, error))
    background()
    this.sweeper = setInterval(background, this.sweepEveryMs)
    this.sweeper.unref()
  }

  async teardown() {
    clearInterval(this.sweeper)
    await this.sweeping.catch(() => 0)
  }

  /** A pass now, after the one running (if any); answers how many customers it looked at. */
  sweep(now?: Date) {
    const run = () => this.runSweep(now)
    this.sweeping = this.sweeping.then(run, run)
    return this.sweeping
  }
}
