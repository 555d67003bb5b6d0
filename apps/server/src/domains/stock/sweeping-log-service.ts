import type { RecordOptions } from '../../platform/records/record-service'
import { ReadOnlyRecordService } from './service-support'

/**
 * A read-only log whose service also offers an expiry sweep (the rank history, decision 0084; the point
 * log, decision 0091), run once a day and at start by the job queue (decision 0145), never two at once
 * in one process; a failed pass fails its job, which is retried, and the customer's next move catches up.
 */
export abstract class SweepingLogService<T> extends ReadOnlyRecordService<T> {
  private sweeping: Promise<number> = Promise.resolve(0)

  constructor(options: RecordOptions) {
    super(options)
  }

  /** What is swept (named in the job's error). */
  protected abstract readonly sweepName: string
  /** One pass: answers how many customers it looked at. */
  protected abstract runSweep(now: Date | undefined): Promise<number>

  async teardown() {
    await this.sweeping.catch(() => 0)
  }

  /** A pass now, after the one running (if any); answers how many customers it looked at. */
  sweep(now?: Date) {
    const run = () => this.runSweep(now)
    this.sweeping = this.sweeping.then(run, run)
    return this.sweeping.catch((error: unknown) => {
      throw new Error(`${this.sweepName} failed`, { cause: error })
    })
  }
}
