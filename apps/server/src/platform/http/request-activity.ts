import type { HookContext, NextFunction } from '@feathersjs/feathers'

/**
 * Whether the process is serving callers right now (decision 0169): external service calls in progress,
 * by REST or socket, or one that ended a moment ago. Background work in the same process (the mail
 * drain) reads it to give way, so a burst of mail does not slow the checkouts it shares the CPU with.
 */
export class RequestActivity {
  private inFlight = 0
  private lastEnded = -Infinity
  /** When the present stretch of calls began (the process had been quiet before it). */
  private busySince = -Infinity

  constructor(
    /** How long after the last call the process still counts as busy: calls arrive back to back. */
    private readonly quietAfterMs = 50,
    private readonly now: () => number = () => performance.now()
  ) {}

  /** An app-wide around hook; internal calls (the server's own work) are not callers. */
  readonly hook = async (context: HookContext, next: NextFunction) => {
    if (!context.params.provider) return next()
    if (!this.busy()) this.busySince = this.now()
    this.inFlight++
    try {
      await next()
    } finally {
      this.inFlight--
      this.lastEnded = this.now()
    }
  }

  busy(): boolean {
    return this.inFlight > 0 || this.now() - this.lastEnded < this.quietAfterMs
  }

  /**
   * How long the process has served callers without a quiet moment, in milliseconds (0 when quiet): a
   * screen's poll now and then is a few milliseconds, a crowd of callers keeps it growing.
   */
  busyFor(): number {
    return this.busy() ? this.now() - this.busySince : 0
  }
}
