import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * What one shop's uncached storefront pages may take of the process at once (issue 28, decision 0118):
 * `renders` pages rendering, `queue` more waiting (past that the visitor gets 503 and comes back), and
 * `queries` catalogue queries across all of them. One render runs at most `queries` of its sources at
 * once. Another shop's pages never wait in this shop's queue; on PostgreSQL the busiest shop holds at
 * most `queries` of the pool's connections, on PGlite at most `queries` statements are queued ahead of
 * anyone else's.
 */
export const RENDER_BUDGET = { renders: 2, queries: 4, queue: 64 } as const

/** A shop has more pages waiting than its queue holds. */
export class RenderBusy extends Error {
  constructor() {
    super('The shop has too many pages rendering')
  }
}

interface Lane {
  running: number
  waiting: (() => void)[]
}

/**
 * At most `limit` tasks at once per key (a shop), `queue` more waiting in order; past that, refused
 * with RenderBusy. Keys are independent: a full lane never delays another.
 */
export class KeyedGate {
  private readonly lanes = new Map<string, Lane>()

  constructor(
    readonly limit: number,
    readonly queue: number
  ) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(key)
    if (!lane) this.lanes.set(key, (lane = { running: 0, waiting: [] }))
    if (lane.running < this.limit) lane.running++
    else {
      if (lane.waiting.length >= this.queue) throw new RenderBusy()
      // The finishing task hands its place over: `running` stays counted.
      await new Promise<void>((resolve) => lane.waiting.push(resolve))
    }
    try {
      return await task()
    } finally {
      this.release(key, lane)
    }
  }

  /** Tasks running and waiting for a key (tests and the bench read them). */
  load(key: string) {
    const lane = this.lanes.get(key)
    return { running: lane?.running ?? 0, waiting: lane?.waiting.length ?? 0 }
  }

  private release(key: string, lane: Lane) {
    const next = lane.waiting.shift()
    if (next) return next()
    lane.running--
    if (!lane.running) this.lanes.delete(key)
  }
}

/**
 * Runs `task` for every item, at most `limit` at once, yielding to the event loop after each: between a
 * render's queries other requests are served (PGlite answers in this thread, so a run of back-to-back
 * statements would otherwise hold every other request until the last).
 */
export const eachLimited = async <T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) => {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      await task(items[next++])
      await nextTurn()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/** The storefront's gates: its pages' renders and their catalogue queries, per shop. */
export const renderBudget = (budget: { renders: number; queries: number; queue: number } = RENDER_BUDGET) => ({
  renders: new KeyedGate(budget.renders, budget.queue),
  // Queries wait for renders already admitted: their queue is bounded by renders × sources per page.
  queries: new KeyedGate(budget.queries, Number.MAX_SAFE_INTEGER),
  perRender: budget.queries
})
export type RenderBudget = ReturnType<typeof renderBudget>
