import { cpuMeter, type CpuShare } from './cpu'
import { percentiles } from './stats'

export interface LoopResult {
  rps: number
  p50: number
  p95: number
  p99: number
  max: number
  requests: number
  /** Answers other than 200, and requests that failed outright. */
  failed: number
  cpu: CpuShare
}

/**
 * `connections` callers each sending the next GET as soon as the last is answered (a closed loop,
 * keep-alive), over `paths` in turn from different starting points, for `seconds`. Every latency is
 * kept, so p95 is exact (autocannon reports p90 and p97.5 but no p95).
 */
export const closedLoop = async (options: {
  url: string
  paths: string[]
  seconds: number
  connections?: number
  headers?: Record<string, string>
  serverPid?: number
}): Promise<LoopResult> => {
  const { url, paths, seconds, headers } = options
  const connections = options.connections ?? 1
  const latencies: number[] = []
  let failed = 0
  const cpu = cpuMeter(options.serverPid)
  const started = performance.now()
  const deadline = started + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let k = (c * 7) % paths.length; performance.now() < deadline; k = (k + 1) % paths.length) {
        const t0 = performance.now()
        try {
          const response = await fetch(url + paths[k], { headers })
          await response.arrayBuffer()
          if (response.status === 200) latencies.push(performance.now() - t0)
          else failed++
        } catch {
          failed++
        }
      }
    })
  )
  const stats = percentiles(latencies)
  return {
    rps: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    p50: stats.p50,
    p95: stats.p95,
    p99: stats.p99,
    max: stats.max,
    requests: latencies.length + failed,
    failed,
    cpu: cpu()
  }
}
