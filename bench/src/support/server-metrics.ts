/**
 * What a server process says of itself on `/metrics` (decision 0209) during a run: how long callers
 * waited for a database connection, how many waited at once, and the event loop's lag. The bench
 * reads it from loopback, which the endpoint allows without a token.
 */
export interface ServerMetrics {
  /** Waits for a pool connection during the run: count, mean and the most callers waiting at once. */
  acquires: number
  acquireMeanMs: number
  maxPending: number
  /** The largest event-loop lag p99 seen in a sample (prom-client's histogram since the last reset). */
  lagP99Ms: number
  /** Garbage collection during the run, seconds per kind (minor, major, incremental). */
  gcSeconds: Record<string, number>
}

const value = (text: string, name: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `))
  return line ? Number(line.slice(name.length + 1)) : NaN
}

const gcOf = (text: string) => {
  const gc: Record<string, number> = {}
  for (const match of text.matchAll(/^nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} ([\d.e-]+)$/gm))
    gc[match[1]] = Number(match[2])
  return gc
}

const read = async (url: string) => {
  const answer = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) })
  return answer.text()
}

/** Samples a server's metrics until `stop()`; answers the run's figures. */
export const meterServer = (url: string, everyMs = 2000) => {
  let running = true
  let first: string | undefined
  let last: string | undefined
  let maxPending = 0
  let lagP99 = 0
  const loop = (async () => {
    while (running) {
      try {
        const text = await read(url)
        first ??= text
        last = text
        maxPending = Math.max(maxPending, value(text, 'emporia_db_pool_pending_acquires') || 0)
        lagP99 = Math.max(lagP99, value(text, 'nodejs_eventloop_lag_p99_seconds') || 0)
      } catch {
        // A busy server may not answer within the timeout: the next sample tries again.
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs))
    }
  })()
  return async (): Promise<ServerMetrics> => {
    running = false
    await loop
    const start = first ?? ''
    const end = last ?? ''
    const delta = (name: string) => (value(end, name) || 0) - (value(start, name) || 0)
    const acquires = delta('emporia_db_pool_acquire_seconds_count')
    const startGc = gcOf(start)
    const gcSeconds = Object.fromEntries(
      Object.entries(gcOf(end)).map(([kind, seconds]) => [kind, Number((seconds - (startGc[kind] ?? 0)).toFixed(3))])
    )
    return {
      acquires,
      acquireMeanMs: acquires ? Number(((delta('emporia_db_pool_acquire_seconds_sum') / acquires) * 1000).toFixed(2)) : 0,
      maxPending,
      lagP99Ms: Math.round(lagP99 * 1000),
      gcSeconds
    }
  }
}
