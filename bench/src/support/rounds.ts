import { measure, type LoadResult } from './load'

export interface Side {
  name: string
  url: string
  paths: string[]
  pid?: number
  headers?: Record<string, string>
}

export interface SideResult {
  name: string
  /** Medians over the rounds: this VM's speed drifts by tens of percent from minute to minute. */
  rps: number
  p50: number
  /** Mean latency (ms, two decimals): finer than autocannon's whole-millisecond percentiles. */
  mean: number
  p99: number
  rpsRange: [number, number]
  failed: boolean
  runs: LoadResult[]
}

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * Measures the sides in turn, round after round (A B A B A B), so that a slow minute of the
 * machine hits every side alike and a ratio compares like with like.
 */
export const compareRounds = async (sides: Side[], log: (line: string) => void, rounds = ROUNDS): Promise<SideResult[]> => {
  const runs = sides.map(() => [] as LoadResult[])
  for (let round = 1; round <= rounds; round++) {
    for (const [i, side] of sides.entries()) {
      const result = await measure({ url: side.url, paths: side.paths, serverPid: side.pid, headers: side.headers })
      runs[i].push(result)
      log(
        `  round ${round}/${rounds} ${side.name}: ${result.rps} req/s, p99 ${result.latencyMs.p99} ms${result.failed ? ' FAILED' : ''}`
      )
    }
  }
  return sides.map((side, i) => summarise(side.name, runs[i]))
}

/** The medians and range of one side's rounds. */
export const summarise = (name: string, runs: LoadResult[]): SideResult => {
  const rps = runs.map((r) => r.rps)
  return {
    name,
    rps: Math.round(median(rps)),
    p50: median(runs.map((r) => r.latencyMs.p50)),
    mean: median(runs.map((r) => r.latencyMs.mean)),
    p99: median(runs.map((r) => r.latencyMs.p99)),
    rpsRange: [Math.min(...rps), Math.max(...rps)],
    failed: runs.some((r) => r.failed),
    runs
  }
}

export const describe = (side: SideResult) =>
  `${side.rps} req/s (${side.rpsRange[0]}–${side.rpsRange[1]}), p99 ${side.p99} ms${side.failed ? ', ERRORS' : ''}`
